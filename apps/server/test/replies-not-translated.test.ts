// Issue 34 (item 5): a reply stored before its family's language was translated (the demo's
// Spanish replies, or any from before DeepL was configured) is never shown under the promise of a
// translation it does not have: it is marked notTranslated, and the first time a chat shows it
// the server translates it, once, in the background, with the reply machinery's attempt limits,
// so a later poll shows its English. And a text sent with Send as written says so.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DeepLDouble, startDeepLDouble } from '../../../scripts/lib/deepl-double.mjs';
import { messages, students } from '../src/db/schema.ts';
import { translateWaitingReplies } from '../src/modules/messages/reply-translation.ts';
import { createDeepLTranslation } from '../src/providers/translation.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract } from './support/calls.ts';
import { googleIdToken } from './support/emulator.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
/** The demo's replies from Sofia's mother, stored without English. */
const SEEDED_REPLIES = [
  'Sí, perfecto. Gracias Maya.',
  'Sofia terminó la tarea de fracciones 🎉',
  '¿Podemos empezar 10 minutos más tarde hoy?',
];

let deepl: DeepLDouble;
let server: TestApp;
let offServer: TestApp;
let clock = NOW;
const api = caller(() => server.app);
const offApi = caller(() => offServer.app);
let mayaToken = '';
const sofia = { on: '', off: '' };

beforeAll(async () => {
  deepl = await startDeepLDouble();
  const seed = (db: Parameters<typeof seedDemoData>[0]) => seedDemoData(db, { now: NOW });
  [server, offServer, mayaToken] = await Promise.all([
    startTestApp({
      now: () => clock,
      config: { twilio: undefined, textResendIntervalMs: 0 },
      dependencies: { translation: translation() },
      fixtures: seed,
    }),
    startTestApp({ now: () => clock, config: { textResendIntervalMs: 0 }, fixtures: seed }),
    googleIdToken({ email: DEMO_TUTOR_EMAILS.maya }),
  ]);
  for (const [key, app] of [
    ['on', server],
    ['off', offServer],
  ] as const) {
    const [row] = await app.db.select().from(students).where(eq(students.studentCode, 'STU-20417'));
    sofia[key] = row?.id as string;
  }
});
afterAll(async () => {
  await Promise.all([server?.close(), offServer?.close()]);
  await deepl?.stop();
});
beforeEach(async () => {
  await server.app.backgroundTasks.settle();
  deepl.reset();
});

function translation() {
  return createDeepLTranslation({ authKey: deepl.key, serverUrl: deepl.url, timeoutMs: 2000 });
}

type Shown = {
  id: string;
  body: string;
  notTranslated?: boolean;
  translation?: { text: string };
  sentAsWritten?: boolean;
};

async function chat(etag?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/tutor/messages',
    headers: {
      authorization: `Bearer ${mayaToken}`,
      'content-type': 'application/json',
      ...(etag ? { 'if-none-match': etag } : {}),
    },
    payload: JSON.stringify({ studentId: sofia.on }),
  });
  if (response.statusCode === 200) expectContract('getTutorMessages', response);
  return response;
}

const shown = (response: { json(): { messages: Shown[] } }, body: string) =>
  response.json().messages.find((message) => message.body === body) as Shown;

describe('a reply stored before translation was on', () => {
  it('is marked not translated, translated once when the chat first shows it, then shown in English', async () => {
    const first = await chat();
    for (const reply of SEEDED_REPLIES) {
      expect(shown(first, reply)).toMatchObject({ body: reply, notTranslated: true });
      expect(shown(first, reply).translation).toBeUndefined();
    }
    // The organisation's message and the tutor's own texts are never "not translated".
    for (const message of first.json().messages as Array<
      Shown & { isFromTutor: string; messageType: string }
    >) {
      if (message.isFromTutor === 'Yes' || message.messageType !== 'activity') {
        expect(message.notTranslated).toBeUndefined();
      }
    }

    await server.app.backgroundTasks.settle();
    expect(
      deepl
        .calls()
        .map((call) => call.text[0])
        .sort(),
    ).toEqual([...SEEDED_REPLIES].sort());
    expect(deepl.calls().every((call) => call.target_lang === 'en-US')).toBe(true);

    const second = await chat(first.headers.etag as string);
    expect(second.statusCode).toBe(200);
    for (const reply of SEEDED_REPLIES) {
      expect(shown(second, reply).notTranslated).toBeUndefined();
      expect(shown(second, reply).translation?.text).toMatch(/^\[EN\] |^\w/);
    }
    const [stored] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.body, SEEDED_REPLIES[0] as string));
    expect(stored).toMatchObject({ translationLanguage: 'es', translatedBody: expect.any(String) });

    // Shown again: nothing more is asked of the provider, and the poll's tag holds.
    await server.app.backgroundTasks.settle();
    expect(deepl.calls()).toHaveLength(SEEDED_REPLIES.length);
    expect((await chat(second.headers.etag as string)).statusCode).toBe(304);
    await chat();
    await server.app.backgroundTasks.settle();
    expect(deepl.calls()).toHaveLength(SEEDED_REPLIES.length);
  });

  it('is not marked where the family’s texts are not translated (no key)', async () => {
    const response = await offApi.post('/tutor/messages', { studentId: sofia.off }, mayaToken);
    for (const reply of SEEDED_REPLIES)
      expect(shown(response, reply).notTranslated).toBeUndefined();
    await offServer.app.backgroundTasks.settle();
    expect(deepl.calls()).toEqual([]);
  });

  it('waits for the resender when the provider fails at its first showing', async () => {
    clock = new Date(NOW.getTime() + 60_000);
    const [reply] = await server.db
      .insert(messages)
      .values({
        studentId: sofia.on,
        body: 'Hola, hoy llegamos tarde.',
        fromTutor: false,
        deliveryStatus: 'received',
        providerMessageId: 'SMbefore1',
        sentAt: clock,
      })
      .returning();
    deepl.fail(503);
    const first = await chat();
    expect(shown(first, 'Hola, hoy llegamos tarde.').notTranslated).toBe(true);
    await server.app.backgroundTasks.settle();
    const [waiting] = await server.db
      .select()
      .from(messages)
      .where(eq(messages.id, reply?.id ?? ''));
    expect(waiting).toMatchObject({ translationLanguage: 'es', translatedBody: null });
    expect(waiting?.nextAttemptAt).toEqual(new Date(clock.getTime() + 60_000));
    // Still not translated, and not sent again by a chat: the resender has it.
    deepl.reset();
    await chat();
    await server.app.backgroundTasks.settle();
    expect(deepl.calls()).toEqual([]);
    const translator = {
      db: server.db,
      translation: translation(),
      log: server.app.log,
      now: new Date(clock.getTime() + 120_000),
    };
    expect(await translateWaitingReplies(translator)).toEqual({ translated: 1, failed: 0 });
    expect(shown(await chat(), 'Hola, hoy llegamos tarde.')).toMatchObject({
      translation: { text: '[EN] Hola, hoy llegamos tarde.' },
    });
  });

  it('whose translation was given up stays marked, and a chat never asks again', async () => {
    deepl.fail(503);
    const body = 'Buenas noches, ¿mañana a las cinco?';
    await api.post('/dev/sms/inbound', { studentId: sofia.on, body });
    for (let pass = 1; pass <= 6; pass += 1) {
      await translateWaitingReplies({
        db: server.db,
        translation: translation(),
        log: server.app.log,
        now: new Date(clock.getTime() + pass * 3_600_000),
      });
    }
    const [given] = await server.db.select().from(messages).where(eq(messages.body, body));
    expect(given).toMatchObject({ translationOutcome: 'given-up', translationLanguage: null });
    deepl.reset();
    expect(shown(await chat(), body).notTranslated).toBe(true);
    await server.app.backgroundTasks.settle();
    expect(deepl.calls()).toEqual([]);
  });

  it('in English is not marked: the provider read it as English', async () => {
    const body = 'Thanks, she will be there.';
    await api.post('/dev/sms/inbound', { studentId: sofia.on, body });
    const [stored] = await server.db.select().from(messages).where(eq(messages.body, body));
    expect(stored).toMatchObject({ translationOutcome: 'english', translatedBody: null });
    const message = shown(await chat(), body);
    expect(message.notTranslated).toBeUndefined();
    expect(message.translation).toBeUndefined();
  });
});

describe('a text sent with Send as written', () => {
  it('says so, where a translated text or a text to an English family does not', async () => {
    deepl.fail(503);
    const sent = await api.post(
      '/tutor/send-message',
      { studentId: sofia.on, message: 'Bring your fractions sheet.' },
      mayaToken,
    );
    expect(sent.json().deliveryStatus).toBe('untranslated');
    expect(sent.json().message.sentAsWritten).toBeUndefined();
    const asWritten = await api.post(
      '/tutor/send-message-as-written',
      { messageId: sent.json().message.id },
      mayaToken,
    );
    expectContract('sendTutorMessageAsWritten', asWritten);
    expect(asWritten.json().message).toMatchObject({ sentAsWritten: true, deliveryStatus: 'sent' });
    deepl.reset();
    const translated = await api.post(
      '/tutor/send-message',
      { studentId: sofia.on, message: 'See you on Tuesday at 4 pm.' },
      mayaToken,
    );
    expect(translated.json().message.sentAsWritten).toBeUndefined();
    const response = await chat();
    expect(shown(response, 'Bring your fractions sheet.').sentAsWritten).toBe(true);
    expect(shown(response, 'See you on Tuesday at 4 pm.').sentAsWritten).toBeUndefined();
  });
});
