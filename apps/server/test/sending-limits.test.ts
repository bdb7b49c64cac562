// Issue 36, sending limits: a tutor's texts (Send, Retry, Send as written) are limited per family
// an hour and in all a day, counted in the database so that every instance shares the count;
// the 429 says which limit and when the tutor can send again, and a refused text counts on none.
// Integration keys have a rate of calls a minute besides each batch's row limit.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { messages } from '../src/db/schema.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { insertStudent, insertTutor } from '../src/seed/fixtures.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { caller, expectError } from './support/calls.ts';
import { googleIdToken, uniqueEmail } from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const START = new Date('2026-03-16T09:05:00Z');
const LIMITS = { perFamilyPerHour: 3, perTutorPerDay: 5 };
const email = uniqueEmail('limits.tia', ORG);
const ids = { tutor: '', lena: '', omar: '' };
let token = '';
let integrationKey = '';
let clock = START;
let server: TestApp;
const api = caller(() => server.app);

beforeAll(async () => {
  server = await startTestApp({
    now: () => clock,
    config: {
      twilio: undefined,
      textResendIntervalMs: 0,
      textLimits: LIMITS,
      integrationCallsPerMinute: 4,
    },
    fixtures: async (db) => {
      const tutor = await insertTutor(db, {
        tutorCode: 'TUT-LIM1',
        externalRecordId: 'recLimitsTia',
        firstName: 'Tia',
        lastName: 'Limits',
        email,
      });
      const student = (code: string, firstName: string, n: number) =>
        insertStudent(db, {
          tutorId: tutor.id,
          studentCode: code,
          firstName,
          lastName: 'Park',
          guardianFirstName: 'Ana',
          guardianPhone: `+1555030000${n}`,
          forwardingNumber: `+1555039000${n}`,
        });
      const [lena, omar] = [
        await student('STU-LIM1', 'Lena', 1),
        await student('STU-LIM2', 'Omar', 2),
      ];
      Object.assign(ids, { tutor: tutor.id, lena: lena.id, omar: omar.id });
      integrationKey = (
        await createIntegrationKey(db, { name: 'reporting', scope: 'read', now: START })
      ).key;
    },
  });
  token = await googleIdToken({ email });
});
afterAll(() => server?.close());

const send = (studentId: string, app = server.app) =>
  app.inject({
    method: 'POST',
    url: '/api/tutor/send-message',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ studentId, message: 'See you Thursday!' }),
  });

describe("a tutor's texts", () => {
  it('are limited per family an hour, then in all a day, across instances, with the reason', async () => {
    // A second instance on the same database: the counts are shared, not per process.
    const second = await buildApp(
      testConfig({ twilio: undefined, textResendIntervalMs: 0, textLimits: LIMITS }),
      { database: server.database.handle, now: () => clock },
    );
    try {
      expect((await send(ids.lena)).statusCode).toBe(201);
      expect((await send(ids.lena, second)).statusCode).toBe(201);
      expect((await send(ids.lena)).statusCode).toBe(201);
      // 09:05: the hour's window ends at 10:00, in 55 minutes.
      const perFamily = expectError(
        await send(ids.lena, second),
        429,
        'RESOURCE_EXHAUSTED',
        'You have reached the limit of 3 texts an hour to this family. You can send again in 55 minutes.',
      );
      expect(perFamily.details?.retryAfterSeconds).toBe(55 * 60);
      // Pressed again: still refused, and the refused texts used none of the day's five.
      expectError(await send(ids.lena), 429, 'RESOURCE_EXHAUSTED', /3 texts an hour/);
      expect((await send(ids.omar)).statusCode).toBe(201);
      expect((await send(ids.omar, second)).statusCode).toBe(201);
      expectError(
        await send(ids.omar),
        429,
        'RESOURCE_EXHAUSTED',
        // The day (UTC) ends at midnight, 14 h 55 min from 09:05: 15 hours, rounded up.
        'You have reached the limit of 5 texts a day. You can send again in 15 hours.',
      );
      // Nothing refused was stored or sent.
      const stored = await server.db.select({ id: messages.id }).from(messages);
      expect(stored).toHaveLength(5);
    } finally {
      await second.close();
    }
  });

  it('count Retry too, and the next day starts again', async () => {
    clock = new Date('2026-03-17T08:00:00Z');
    const [failed] = await server.db
      .insert(messages)
      .values({
        studentId: ids.omar,
        tutorId: ids.tutor,
        body: 'Bring your reading log',
        fromTutor: true,
        messageType: 'activity',
        deliveryStatus: 'undelivered',
        providerMessageId: 'SMlimits1',
        sentAt: clock,
      })
      .returning();
    const retry = () => api.post('/tutor/retry-message', { messageId: failed?.id }, token);
    for (let i = 0; i < 3; i += 1) {
      const response = await retry();
      expect(response.statusCode, response.body).not.toBe(429);
    }
    expectError(await retry(), 429, 'RESOURCE_EXHAUSTED', /3 texts an hour to this family/);
    // Another tutor's text, or none: not found, and not counted as theirs.
    expectError(
      await api.post('/tutor/retry-message', { messageId: crypto.randomUUID() }, token),
      404,
      'NOT_FOUND',
      /not one of your texts/,
    );
    clock = new Date('2026-03-17T09:00:00Z');
    expect((await send(ids.omar)).statusCode).toBe(201);
  });
});

describe('an integration key', () => {
  it('has a rate of calls a minute; 429 beyond, then the next minute answers', async () => {
    clock = new Date('2026-03-17T10:00:10Z');
    const read = () => api.get('/integration/v1/students', integrationKey);
    for (let i = 0; i < 4; i += 1) expect((await read()).statusCode).toBe(200);
    const limited = expectError(
      await read(),
      429,
      'RESOURCE_EXHAUSTED',
      'The key reporting has made 4 calls this minute, the most allowed. Try again in 1 minute.',
    );
    expect(limited.details?.retryAfterSeconds).toBe(50);
    clock = new Date('2026-03-17T10:01:00Z');
    expect((await read()).statusCode).toBe(200);
  });
});
