// Why a text was not delivered, in words a tutor understands ("Not delivered: …"), from the
// provider's error code: the mapping itself, and the dev SMS page playing each code through the
// status callback's code path into the chat and the dashboard (the e2e plays 30007 this way).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../src/db/schema.ts';
import {
  deliveryFailureOf,
  failureReasonOf,
  isProviderErrorCode,
} from '../src/modules/messages/delivery-failure.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { googleIdToken } from './support/emulator.ts';

describe('the reason of a provider error code', () => {
  it.each([
    ['30003', 'the phone was unreachable'],
    ['30005', 'the number is unknown or no longer in service'],
    ['30006', 'it is a landline or the carrier cannot reach it'],
    ['30007', 'the carrier blocked it as spam'],
    ['21610', 'the family has opted out of texts'],
    ['21614', 'it is not a mobile number'],
    ['30008', 'the carrier refused it (code 30008)'],
    ['12345', 'the carrier refused it (code 12345)'],
  ])('%s: "Not delivered: %s"', (code, reason) => {
    expect(failureReasonOf(code)).toBe(reason);
    expect(deliveryFailureOf({ deliveryStatus: 'undelivered', errorCode: code })).toEqual({
      code,
      reason,
    });
    expect(deliveryFailureOf({ deliveryStatus: 'failed', errorCode: code })).toEqual({
      code,
      reason,
    });
  });

  it('is given only for a text not delivered, with a code that is one', () => {
    expect(deliveryFailureOf({ deliveryStatus: 'delivered', errorCode: '30003' })).toBeUndefined();
    expect(deliveryFailureOf({ deliveryStatus: 'sent', errorCode: '30007' })).toBeUndefined();
    expect(deliveryFailureOf({ deliveryStatus: 'untranslated', errorCode: null })).toBeUndefined();
    expect(deliveryFailureOf({ deliveryStatus: 'undelivered', errorCode: null })).toBeUndefined();
    expect(deliveryFailureOf({ deliveryStatus: 'failed', errorCode: '' })).toBeUndefined();
    expect(deliveryFailureOf({ deliveryStatus: 'failed', errorCode: '<script>' })).toBeUndefined();
    expect(isProviderErrorCode('30007')).toBe(true);
    expect(isProviderErrorCode('30007 ')).toBe(false);
    expect(isProviderErrorCode('12345678901')).toBe(false);
  });
});

describe('the dev SMS page plays each code', () => {
  const NOW = new Date('2026-03-15T12:00:00Z');
  // Each text a minute after the last: the newest text needing the tutor is the one just sent.
  let clock = NOW;
  let dev: TestApp;
  const api = caller(() => dev.app);
  let mayaToken = '';
  let sofiaId = '';

  beforeAll(async () => {
    [dev, mayaToken] = await Promise.all([
      startTestApp({
        now: () => clock,
        config: { twilio: undefined, textResendIntervalMs: 0 },
        fixtures: (db) => seedDemoData(db, { now: NOW }),
      }),
      googleIdToken({ email: DEMO_TUTOR_EMAILS.maya }),
    ]);
    const [sofia] = await dev.db
      .select()
      .from(students)
      .where(eq(students.studentCode, 'STU-20417'));
    sofiaId = sofia?.id ?? '';
  });
  afterAll(() => dev?.close());

  async function sendText(message: string) {
    clock = new Date(clock.getTime() + 60_000);
    const sent = await api.post('/tutor/send-message', { studentId: sofiaId, message }, mayaToken);
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().message.id as string;
  }

  it.each([
    ['30003', 'undelivered'],
    ['30005', 'undelivered'],
    ['30006', 'undelivered'],
    ['30007', 'undelivered'],
    ['21610', 'failed'],
    ['21614', 'failed'],
    ['30008', 'undelivered'],
  ] as const)('Not delivered %s: the chat and the dashboard say why', async (code, status) => {
    const messageId = await sendText(`Text for ${code}`);
    // The page's own form: the chosen code, redirected back with what happened.
    const played = await dev.app.inject({
      method: 'POST',
      url: '/api/dev/sms/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ messageId, status, errorCode: code }).toString(),
    });
    expect(played.statusCode).toBe(303);
    expect(decodeURIComponent(String(played.headers.location))).toContain(
      `(${code}: ${failureReasonOf(code)}): applied.`,
    );
    const failure = { code, reason: failureReasonOf(code) };
    const chat = await api.post('/tutor/messages', { studentId: sofiaId }, mayaToken);
    expectContract('getTutorMessages', chat);
    const shown = chat.json().messages.find((m: { id: string }) => m.id === messageId);
    expect(shown).toMatchObject({ deliveryStatus: status, failure });
    const tutor = await api.get('/tutor', mayaToken);
    const sofia = tutor.json().correspondents.find((s: { id: string }) => s.id === sofiaId);
    expect(sofia.needsAttention).toMatchObject({ reason: 'notDelivered', messageId, failure });
    if (code === '21610') {
      // Refused because the family opted out: marked so (issue 35) until they reply START.
      expect(sofia.textOptOut).toMatchObject({ reason: 'refused' });
      const start = await api.post('/dev/sms/inbound', { studentId: sofiaId, body: 'START' });
      expect(start.statusCode, start.body).toBe(201);
    } else {
      expect(sofia.textOptOut).toBeNull();
    }
  });

  it('as JSON too, with Twilio’s usual code when none is chosen, and refuses a code that is not one', async () => {
    const messageId = await sendText('Played as JSON');
    const played = await api.post('/dev/sms/status', {
      messageId,
      status: 'undelivered',
      errorCode: '30007',
    });
    expect(played.json()).toEqual({ status: 'applied' });
    const defaulted = await sendText('Played with the default code');
    await api.post('/dev/sms/status', { messageId: defaulted, status: 'failed' });
    const chat = await api.post('/tutor/messages', { studentId: sofiaId }, mayaToken);
    const shown = chat.json().messages.find((m: { id: string }) => m.id === defaulted);
    expect(shown.failure).toEqual({ code: '30007', reason: 'the carrier blocked it as spam' });
    for (const errorCode of ['spam', '30007; drop table', 30007]) {
      expectError(
        await api.post('/dev/sms/status', { messageId, status: 'undelivered', errorCode }),
        400,
        'INVALID_ARGUMENT',
      );
    }
    expectError(
      await api.post('/dev/sms/status', { messageId, status: 'toString' }),
      400,
      'INVALID_ARGUMENT',
    );
  });
});
