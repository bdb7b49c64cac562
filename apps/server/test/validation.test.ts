// Request and response validation against openapi.yaml, through a real route with a body
// (the setLatestViewedAnnouncement callable) and directly on contract schemas.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { describeValidationError, loadContract } from '../src/http/contract.ts';
import { LOGGED_RESPONSE_CHECK_INTERVAL } from '../src/http/operations.ts';
import { insertTutor } from '../src/seed/fixtures.ts';
import { bearer, startTestApp, type TestApp, testConfig } from './support/app.ts';
import { bodyValidator } from './support/calls.ts';
import { googleIdToken } from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const URL_PATH = '/api/functions/setLatestViewedAnnouncement';
const contract = loadContract(testConfig().openapiPath);

let server: TestApp;
let token: string;

beforeAll(async () => {
  server = await startTestApp({
    fixtures: async (db) => {
      await insertTutor(db, {
        tutorCode: 'TUT-V',
        externalRecordId: 'recV',
        firstName: 'Maya',
        lastName: 'Chen',
        email: `maya.chen@${ORG}`,
      });
    },
  });
  token = await googleIdToken({ email: `maya.chen@${ORG}`, name: 'Maya Chen' });
});
afterAll(() => server?.close());

/** `contentType` null sends no Content-Type header. */
function post(payload: string | undefined, contentType: string | null = 'application/json') {
  return server.app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { ...bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function expectClientError(
  response: Awaited<ReturnType<typeof post>>,
  statusCode: number,
  message: string | RegExp,
) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(contract.validateErrorResponse(body)).toBe(true);
  expect(body.error.status).toBe('INVALID_ARGUMENT');
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else expect(body.error.message).toMatch(message);
}

describe('POST /api/functions/setLatestViewedAnnouncement', () => {
  it('stores the latest viewed announcement and keeps a later one over an older date', async () => {
    const later = { id: 'announcement-2', date: '2026-03-08T09:00:00.000Z' };
    const first = await post(JSON.stringify({ data: later }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: later });

    const older = await post(
      JSON.stringify({ data: { id: 'announcement-1', date: '2026-03-01T09:00:00Z' } }),
    );
    expect(older.statusCode).toBe(200);
    expect(older.json()).toEqual({ result: later });

    const tutor = await server.app.inject({
      method: 'GET',
      url: '/api/tutor',
      headers: bearer(token),
    });
    expect(tutor.json().latestViewedAnnouncement).toEqual(later);
  });

  it('400 naming the field for a wrong type', async () => {
    await expectClientError(
      await post(JSON.stringify({ data: { id: 42, date: '2026-03-08T09:00:00Z' } })),
      400,
      'body/data/id must be string',
    );
  });

  it('400 naming the field for a missing field, an extra field, a bad format', async () => {
    await expectClientError(
      await post(JSON.stringify({ data: { id: 'a1' } })),
      400,
      'body/data/date is required',
    );
    await expectClientError(await post(JSON.stringify({})), 400, 'body/data is required');
    await expectClientError(
      await post(JSON.stringify({ data: { id: 'a1', date: '2026-03-08T09:00:00Z', extra: true } })),
      400,
      'body/data/extra is not an accepted field',
    );
    await expectClientError(
      await post(JSON.stringify({ data: { id: 'a1', date: 'yesterday' } })),
      400,
      'body/data/date must match format "date-time"',
    );
    await expectClientError(await post('null'), 400, 'body must be object');
  });

  it('400 naming the field for a string with the NUL character (PostgreSQL cannot store it)', async () => {
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/tutor/send-message',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ studentId: 'stu-1', message: 'Hola\u0000' }),
    });
    await expectClientError(text, 400, 'body/message must not contain the NUL character');
  });

  it('does not coerce types: a number-like string stays a string and a number is refused', async () => {
    await expectClientError(
      await post(JSON.stringify({ data: { id: 'a1', date: 20260308 } })),
      400,
      'body/data/date must be string',
    );
  });

  it('415 for a content type the contract does not declare, even with a valid text', async () => {
    const valid = JSON.stringify({ data: { id: 'a1', date: '2026-03-08T09:00:00Z' } });
    await expectClientError(
      await post(valid, 'text/plain'),
      415,
      /Content-Type text\/plain is not accepted/,
    );
    await expectClientError(
      await post('data=1', 'application/x-www-form-urlencoded'),
      415,
      /not accepted; send application\/json/,
    );
    await expectClientError(await post(valid, null), 415, /Content-Type \(none\) is not accepted/);
  });

  it('accepts application/json with a charset parameter', async () => {
    const valid = JSON.stringify({ data: { id: 'a3', date: '2026-03-09T09:00:00Z' } });
    expect((await post(valid, 'application/json; charset=utf-8')).statusCode).toBe(200);
  });

  it('400 for bad JSON and for an empty or absent body', async () => {
    await expectClientError(await post('{"data": {"id": '), 400, 'body is not valid JSON');
    await expectClientError(await post(''), 400, /body is (empty|required)/);
    await expectClientError(await post(undefined, null), 400, 'body is required');
  });

  it('413 for a body over 1 MB', async () => {
    const big = JSON.stringify({
      data: { id: 'a1', date: '2026-03-08T09:00:00Z', pad: 'x'.repeat(1024 * 1024) },
    });
    await expectClientError(await post(big), 413, /body is larger than the limit of 1 MB/);
  });

  it('checks the session before the body: no token gives 401 whatever the body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("Fastify's validation of bodies keeps the contract's strictness", () => {
  it('refuses "true" for a boolean field (no coercion) and an undeclared property (none removed)', async () => {
    const lesson = await server.app.inject({
      method: 'POST',
      url: '/api/functions/updateLessonCompletionStatus',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({
        data: { studentId: 'stu-1', lessonId: 'les-1', completed: 'true' },
      }),
    });
    await expectClientError(lesson, 400, 'body/data/completed must be boolean');
    const valid = { data: { id: 'a1', date: '2026-03-08T09:00:00Z' } };
    await expectClientError(
      await post(JSON.stringify({ ...valid, more: 1 })),
      400,
      'body/more is not an accepted field',
    );
  });
});

describe('unknown paths', () => {
  it('404 JSON for an unknown /api path or method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/tutor'],
      ['GET', '/api'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          status: 'NOT_FOUND',
          message: `No such path: ${method} ${url}`,
          requestId: expect.any(String),
        },
      });
    }
  });
});

describe('the contract validators on POST /tutor/messages', () => {
  const body = contract.operation('getTutorMessages').requestBody;
  // The validator Fastify compiles from the route schema.
  const validate = bodyValidator('getTutorMessages', 'application/json');
  const check = (value: unknown) =>
    validate(value) ? 'ok' : describeValidationError('body', validate.errors?.[0] as never);

  it('declares a required JSON body', () => {
    expect(body?.required).toBe(true);
    expect(body?.mediaTypes).toEqual(['application/json']);
  });

  it('names the field of each problem', () => {
    expect(check({ studentId: 'c308b87a-1550-4a22-b454-9e4e33bb3937' })).toBe('ok');
    expect(check({ studentId: 5 })).toBe('body/studentId must be string');
    expect(check({})).toBe('body/studentId is required');
    expect(check({ studentId: '' })).toBe('body/studentId must NOT have fewer than 1 characters');
    expect(check({ studentId: 'a/b' })).toMatch(/^body\/studentId must match pattern/);
    expect(check({ studentId: 'a', more: 1 })).toBe('body/more is not an accepted field');
    expect(check('studentId=a')).toBe('body must be object');
  });
});

describe('response validation', () => {
  // A copy of the contract in which the Tutor schema demands a field the server does not send.
  const folder = mkdtempSync(join(tmpdir(), 'server-contract-'));
  const driftedPath = join(folder, 'openapi.yaml');
  const document = parse(readFileSync(testConfig().openapiPath, 'utf8'));
  document.components.schemas.Tutor.required.push('nickname');
  document.components.schemas.Tutor.properties.nickname = { type: 'string' };
  writeFileSync(driftedPath, stringify(document));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('turns a response that breaks the contract into a 500 outside production', async () => {
    const drifted = await startTestApp({
      config: { openapiPath: driftedPath },
      fixtures: async (db) => {
        await insertTutor(db, {
          tutorCode: 'TUT-D',
          externalRecordId: 'recD',
          firstName: 'Maya',
          lastName: 'Chen',
          email: `maya.chen@${ORG}`,
        });
      },
    });
    try {
      const response = await drifted.app.inject({
        method: 'GET',
        url: '/api/tutor',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: {
          status: 'INTERNAL',
          message: 'The response does not match the contract: response/nickname is required',
          requestId: expect.any(String),
        },
      });
    } finally {
      await drifted.close();
    }
  });

  it("only logs it in production ('log' mode) and sends the answer", async () => {
    const drifted = await startTestApp({
      config: { openapiPath: driftedPath, responseValidation: 'log' },
      fixtures: async (db) => {
        await insertTutor(db, {
          tutorCode: 'TUT-D',
          externalRecordId: 'recD',
          firstName: 'Maya',
          lastName: 'Chen',
          email: `maya.chen@${ORG}`,
        });
      },
    });
    try {
      const response = await drifted.app.inject({
        method: 'GET',
        url: '/api/tutor',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().First_Name).toBe('Maya');
      // One answer in LOGGED_RESPONSE_CHECK_INTERVAL is checked, the first always; each drift
      // found is counted for the operators.
      for (let call = 1; call <= LOGGED_RESPONSE_CHECK_INTERVAL; call += 1) {
        const again = await drifted.app.inject({
          method: 'GET',
          url: '/api/tutor',
          headers: bearer(token),
        });
        expect(again.statusCode).toBe(200);
      }
      const counted = await drifted.app.metrics.contractMismatches.get();
      expect(counted.values).toEqual([
        { labels: { operation: 'getTutor', status: '200' }, value: 2 },
      ]);
    } finally {
      await drifted.close();
    }
  });
});
