// Issue 34, photos from families: an MMS reaches the server as Twilio's webhook with NumMedia and
// MediaUrlN; the server fetches each picture from a local stand-in for Twilio's media URLs (which
// checks the account's basic auth, redirects to a "CDN" on another origin as Twilio does, and
// serves a small PNG, one too large, one of the wrong type), keeps the ones it may, and serves
// them only to the student's tutor. The provider's URL and credentials never reach an answer or
// a log line. The dev route plays an MMS with a picture the server serves itself.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_MEDIA_MAX_BYTES, messageMedia, messages, students } from '../src/db/schema.ts';
import { SAMPLE_PICTURE_PNG } from '../src/modules/dev/sample-picture.ts';
import { receiveGuardianText } from '../src/modules/messages/inbound.ts';
import { createMediaFetcher, sniffImageType } from '../src/providers/mms-media.ts';
import { twilioSignature } from '../src/providers/sms.ts';
import { createTranslationOff } from '../src/providers/translation.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { googleIdToken } from './support/emulator.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const TWILIO = {
  accountSid: 'ACmedia',
  authToken: 'twilio-media-secret',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};
const BASIC = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`;
/** Sofia's guardian and forwarding number in the demo data. */
const SOFIA = { guardian: '+15550100111', forwarding: '+15550190011' };

/** What the stand-in was asked: path and the Authorization it got. */
const hits: Array<{ path: string; authorization: string | undefined }> = [];
let standIn: Server;
/** The stand-in's Twilio-like origin, and the same server under another name (the "CDN"). */
let twilioOrigin = '';
let cdnOrigin = '';

function answer(request: IncomingMessage, response: import('node:http').ServerResponse) {
  const path = request.url ?? '';
  hits.push({ path, authorization: request.headers.authorization });
  if (path.startsWith('/cdn/')) {
    // Where Twilio's redirect leads: no credentials needed, and none should arrive.
    response.writeHead(200, { 'content-type': 'image/png' }).end(SAMPLE_PICTURE_PNG);
    return;
  }
  if (request.headers.authorization !== BASIC) {
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":20003}');
    return;
  }
  switch (path) {
    case '/Media/redirected':
      response.writeHead(307, { location: `${cdnOrigin}/cdn/picture.png` }).end();
      return;
    case '/Media/png':
      response.writeHead(200, { 'content-type': 'image/png' }).end(SAMPLE_PICTURE_PNG);
      return;
    case '/Media/too-large': {
      // Streamed without a length: the server must stop reading past 5 MB.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(256 * 1024, 0xff);
      chunk.set([0xff, 0xd8, 0xff], 0);
      let sent = 0;
      const pump = () => {
        while (sent <= MESSAGE_MEDIA_MAX_BYTES + chunk.length) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      response.on('error', () => undefined);
      pump();
      return;
    }
    case '/Media/too-large-declared':
      response
        .writeHead(200, {
          'content-type': 'image/png',
          'content-length': String(MESSAGE_MEDIA_MAX_BYTES + 1),
        })
        .end();
      return;
    case '/Media/text':
      response.writeHead(200, { 'content-type': 'text/plain' }).end('not a picture');
      return;
    case '/Media/lying':
      response.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload="alert(1)"/>');
      return;
    default:
      response.writeHead(404).end();
  }
}

let server: TestApp;
const api = caller(() => server.app);
const tokens = { maya: '', jordan: '' };

beforeAll(async () => {
  standIn = createServer(answer);
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  twilioOrigin = `http://127.0.0.1:${port}`;
  cdnOrigin = `http://localhost:${port}`;
  [server, tokens.maya, tokens.jordan] = await Promise.all([
    startTestApp({
      now: () => NOW,
      config: { twilio: TWILIO, textResendIntervalMs: 0 },
      fixtures: (db) => seedDemoData(db, { now: NOW }),
    }),
    googleIdToken({ email: DEMO_TUTOR_EMAILS.maya }),
    googleIdToken({ email: DEMO_TUTOR_EMAILS.jordan }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
});

/** Twilio's inbound webhook, signed, for an MMS with these pictures (stand-in paths). */
function inbound(messageSid: string, body: string, media: Array<[path: string, type: string]>) {
  const params: Record<string, string> = {
    MessageSid: messageSid,
    AccountSid: TWILIO.accountSid,
    From: SOFIA.guardian,
    To: SOFIA.forwarding,
    Body: body,
    NumMedia: String(media.length),
  };
  media.forEach(([path, type], index) => {
    params[`MediaUrl${index}`] = `${twilioOrigin}${path}`;
    params[`MediaContentType${index}`] = type;
  });
  return server.app.inject({
    method: 'POST',
    url: '/api/webhooks/twilio/sms',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(
        TWILIO.authToken,
        TWILIO.webhookUrl,
        Object.entries(params),
      ),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

async function storedText(messageSid: string) {
  const [row] = await server.db
    .select()
    .from(messages)
    .where(eq(messages.providerMessageId, messageSid));
  if (!row) throw new Error(`no text ${messageSid}`);
  const media = await server.db
    .select()
    .from(messageMedia)
    .where(eq(messageMedia.messageId, row.id))
    .orderBy(messageMedia.position);
  return { row, media };
}

async function sofiaChat(token = tokens.maya) {
  const [sofia] = await server.db
    .select()
    .from(students)
    .where(eq(students.studentCode, 'STU-20417'));
  const chat = await api.post('/tutor/messages', { studentId: sofia?.id }, token);
  return { chat, sofiaId: sofia?.id as string };
}

const getMedia = (id: string, token?: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/tutor/media/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe("a family's photo (MMS)", () => {
  let pictureId = '';

  it('is fetched with the account’s credentials, through the provider’s redirect, and stored', async () => {
    const response = await inbound('MMphoto1', '', [['/Media/redirected', 'image/png']]);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<Response></Response>');
    // Twilio's URL got the basic auth; the CDN on another origin got none.
    expect(hits).toEqual([
      { path: '/Media/redirected', authorization: BASIC },
      { path: '/cdn/picture.png', authorization: undefined },
    ]);
    const { row, media } = await storedText('MMphoto1');
    expect(row).toMatchObject({ body: '', fromTutor: false, mediaCount: 1 });
    expect(media).toHaveLength(1);
    expect(media[0]?.contentType).toBe('image/png');
    expect(Buffer.compare(media[0]?.bytes ?? Buffer.alloc(0), SAMPLE_PICTURE_PNG)).toBe(0);
    pictureId = media[0]?.id as string;
  });

  it('shows in the chat and the dashboard’s preview, with nothing of the provider in either', async () => {
    const { chat, sofiaId } = await sofiaChat();
    expectContract('getTutorMessages', chat);
    const shown = chat.json().messages.at(-1);
    expect(shown).toMatchObject({
      body: '',
      isFromTutor: 'No',
      media: [{ id: pictureId, contentType: 'image/png' }],
    });
    expect(shown.notTranslated).toBeUndefined();
    const tutor = await api.get('/tutor', tokens.maya);
    expectContract('getTutor', tutor);
    const sofia = tutor.json().correspondents.find((s: { id: string }) => s.id === sofiaId);
    expect(sofia.lastMessage).toMatchObject({ from: 'family', text: '', hasPhoto: true });
    for (const body of [chat.body, tutor.body]) {
      expect(body).not.toContain(twilioOrigin);
      expect(body).not.toContain('/Media/');
      expect(body).not.toContain(TWILIO.authToken);
    }
  });

  it('is served to the student’s tutor only, as the image it is, cached privately', async () => {
    const response = await getMedia(pictureId, tokens.maya);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.headers['content-security-policy']).toMatch(/sandbox/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(response.rawPayload, SAMPLE_PICTURE_PNG)).toBe(0);
    // Jordan's students are not Sofia: no such picture for him.
    expectError(await getMedia(pictureId, tokens.jordan), 404, 'NOT_FOUND');
    expectError(
      await getMedia('2b0f4d55-0e0b-4c47-9d1d-8f2a3b9c1e77', tokens.maya),
      404,
      'NOT_FOUND',
    );
    expectError(await getMedia('not-a-uuid', tokens.maya), 404, 'NOT_FOUND');
    expectError(await getMedia('not%20valid!', tokens.maya), 400, 'INVALID_ARGUMENT');
    expectError(await getMedia(pictureId), 401, 'UNAUTHENTICATED');
  });

  it('is not fetched again when Twilio delivers the webhook twice', async () => {
    expect((await inbound('MMphoto1', '', [['/Media/redirected', 'image/png']])).statusCode).toBe(
      200,
    );
    expect(hits).toEqual([]);
    const rows = await server.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, 'MMphoto1'));
    expect(rows).toHaveLength(1);
  });

  it('keeps the pictures it may and the words, and refuses the rest: too large, wrong type, a type that lies', async () => {
    const response = await inbound('MMmixed', 'Look at her homework!', [
      ['/Media/contact.vcf', 'text/vcard'],
      ['/Media/too-large', 'image/jpeg'],
      ['/Media/too-large-declared', 'image/png'],
      ['/Media/text', 'image/png'],
      ['/Media/lying', 'image/png'],
      ['/Media/png', 'image/png'],
    ]);
    expect(response.statusCode).toBe(200);
    // The contact card is never fetched: its declared type is not a picture.
    expect(hits.map((hit) => hit.path).sort()).toEqual(
      [
        '/Media/lying',
        '/Media/png',
        '/Media/text',
        '/Media/too-large',
        '/Media/too-large-declared',
      ].sort(),
    );
    const { row, media } = await storedText('MMmixed');
    expect(row).toMatchObject({ body: 'Look at her homework!', mediaCount: 1 });
    expect(media.map((item) => [item.position, item.contentType])).toEqual([[5, 'image/png']]);
  });

  it('of only what cannot be kept still stores the text', async () => {
    await inbound('MMunsupported', 'A video of her reading', [['/Media/video.mp4', 'video/mp4']]);
    const { row, media } = await storedText('MMunsupported');
    expect(row).toMatchObject({ body: 'A video of her reading', mediaCount: 0 });
    expect(media).toEqual([]);
    const { chat } = await sofiaChat();
    const shown = chat
      .json()
      .messages.find((m: { body: string }) => m.body === 'A video of her reading');
    expect(shown.media).toBeUndefined();
  });

  it('is never logged with its URL or the credentials', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    };
    const log = {
      info: capture,
      warn: capture,
      error: capture,
      debug: capture,
      trace: capture,
      fatal: capture,
      child: () => log,
      level: 'info',
    } as unknown as FastifyBaseLogger;
    const outcome = await receiveGuardianText(
      {
        db: server.db,
        log,
        translation: createTranslationOff(),
        media: createMediaFetcher({
          credentials: { username: TWILIO.accountSid, password: TWILIO.authToken },
          maxBytes: MESSAGE_MEDIA_MAX_BYTES,
        }),
      },
      {
        from: SOFIA.guardian,
        to: SOFIA.forwarding,
        body: '',
        providerMessageId: 'MMlogged',
        receivedAt: NOW,
        media: [
          { url: `${twilioOrigin}/Media/text`, contentType: 'image/png' },
          { url: `${twilioOrigin}/Media/missing`, contentType: 'image/jpeg' },
          { url: 'http://127.0.0.1:1/unreachable', contentType: 'image/gif' },
        ],
      },
    );
    expect(outcome).toBe('stored');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line).not.toContain('127.0.0.1');
      expect(line).not.toContain('/Media/');
      expect(line).not.toContain(TWILIO.authToken);
    }
  });
});

describe('the media fetcher', () => {
  it('is refused by the provider with the wrong credentials, and says so without the URL', async () => {
    const fetcher = createMediaFetcher({
      credentials: { username: TWILIO.accountSid, password: 'wrong' },
      maxBytes: MESSAGE_MEDIA_MAX_BYTES,
    });
    expect(await fetcher.fetch(`${twilioOrigin}/Media/png`)).toEqual({
      ok: false,
      refusal: 'http-error',
      status: 401,
    });
  });

  it('tells the image types by their bytes', () => {
    expect(sniffImageType(SAMPLE_PICTURE_PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('GIF80a'))).toBeUndefined();
  });
});

describe('the dev route that plays a reply', () => {
  let dev: TestApp;
  let origin = '';

  beforeAll(async () => {
    dev = await startTestApp({
      now: () => NOW,
      config: { twilio: undefined, textResendIntervalMs: 0 },
      fixtures: (db) => seedDemoData(db, { now: NOW }),
    });
    // The picture is fetched from the server itself, as the request reached it: it must listen.
    origin = await dev.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => dev?.close());

  it('attaches the sample picture the server serves as the provider’s stand-in', async () => {
    const [sofia] = await dev.db
      .select()
      .from(students)
      .where(eq(students.studentCode, 'STU-20417'));
    const played = await fetch(`${origin}/api/dev/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studentId: sofia?.id, photo: true }),
    });
    expect(played.status).toBe(201);
    const { status, messageSid } = (await played.json()) as { status: string; messageSid: string };
    expect(status).toBe('stored');
    const [row] = await dev.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, messageSid));
    expect(row).toMatchObject({ body: '', mediaCount: 1 });
    const [picture] = await dev.db
      .select()
      .from(messageMedia)
      .where(eq(messageMedia.messageId, row?.id ?? ''));
    expect(picture?.contentType).toBe('image/png');
    expect(Buffer.compare(picture?.bytes ?? Buffer.alloc(0), SAMPLE_PICTURE_PNG)).toBe(0);

    // With words too; without either it is refused.
    const both = await fetch(`${origin}/api/dev/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studentId: sofia?.id, body: 'Her drawing', photo: true }),
    });
    expect(both.status).toBe(201);
    for (const body of [
      { studentId: sofia?.id },
      { studentId: sofia?.id, body: ' ', photo: false },
      { studentId: sofia?.id, photo: 'yes' },
    ]) {
      const refused = await fetch(`${origin}/api/dev/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(refused.status).toBe(400);
    }
  });
});
