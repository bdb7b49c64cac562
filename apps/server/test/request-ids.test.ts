// Issue 37, request ids end to end: every answer carries its request's id in X-Request-Id, every
// JSON error body as error.requestId (declared in openapi.yaml), and every log line of the request
// as reqId. An X-Request-Id is kept only from a trusted proxy (TRUST_PROXY); anyone else's is
// replaced, so no client can give its requests another's id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { contract } from './support/calls.ts';
import { captureLog } from './support/log-capture.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestApp({ config: { logLevel: 'info' } });
  captureLog(server.app, logLines);
});
afterAll(() => server?.close());

/** Refused calls of every kind the server answers: no token, a bad body, no route, a wrong type. */
const refusals = {
  'no bearer token (401)': { method: 'GET', url: '/api/tutor', status: 401 },
  'a body the contract refuses (400)': {
    method: 'POST',
    url: '/api/functions/sendEmailSignInLink',
    payload: { data: { email: 42 } },
    status: 400,
  },
  'no such API path (404)': { method: 'GET', url: '/api/no-such-thing', status: 404 },
  'not JSON (415)': {
    method: 'POST',
    url: '/api/functions/sendEmailSignInLink',
    payload: 'email=a@example.com',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
  },
} as const;

describe('every answer', () => {
  it('carries a new id in X-Request-Id, another for each request', async () => {
    const [first, second] = await Promise.all([
      server.app.inject({ method: 'GET', url: '/api/healthz' }),
      server.app.inject({ method: 'GET', url: '/api/healthz' }),
    ]);
    expect(first?.headers['x-request-id']).toMatch(UUID);
    expect(second?.headers['x-request-id']).toMatch(UUID);
    expect(first?.headers['x-request-id']).not.toBe(second?.headers['x-request-id']);
  });

  for (const [name, call] of Object.entries(refusals)) {
    it(`refused, ${name}: the same id in the error body, valid by the contract, and on its log lines`, async () => {
      logLines.length = 0;
      const response = await server.app.inject({
        method: call.method,
        url: call.url,
        ...('payload' in call
          ? {
              headers: {
                'content-type': 'contentType' in call ? call.contentType : 'application/json',
              },
              payload:
                typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload),
            }
          : {}),
      });
      expect(response.statusCode, response.body).toBe(call.status);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const body = response.json();
      expect(contract.validateErrorResponse(body)).toBe(true);
      expect(body.error.requestId).toBe(id);
      // Every line the request logged (the refusal and the completed request) names it.
      const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
      expect(lines.map((line) => line.msg)).toContain('request completed');
      for (const line of lines) expect(line.reqId, line.msg).toBe(id);
    });
  }
});

describe("a caller's X-Request-Id", () => {
  const given = 'lb-7f3a9c21.eu-west-1';
  const ask = (app: TestApp['app'], remoteAddress: string, requestId = given) =>
    app.inject({
      method: 'GET',
      url: '/api/tutor',
      remoteAddress,
      headers: { 'x-request-id': requestId },
    });

  it('is kept from a trusted proxy, in the header and the error body', async () => {
    const behindProxy = await buildApp(testConfig({ trustProxy: ['10.0.0.0/8'] }), {
      database: server.database.handle,
    });
    try {
      const kept = await ask(behindProxy, '10.1.2.3');
      expect(kept.headers['x-request-id']).toBe(given);
      expect(kept.json().error.requestId).toBe(given);
      // From outside the trusted proxies, or one no proxy would send: a new id instead.
      const stranger = await ask(behindProxy, '203.0.113.9');
      expect(stranger.headers['x-request-id']).toMatch(UUID);
      const unsafe = await ask(behindProxy, '10.1.2.3', 'id with spaces <script>');
      expect(unsafe.headers['x-request-id']).toMatch(UUID);
      const tooLong = await ask(behindProxy, '10.1.2.3', 'x'.repeat(129));
      expect(tooLong.headers['x-request-id']).toMatch(UUID);
    } finally {
      await behindProxy.close();
    }
  });

  it('is replaced when no proxy is trusted (TRUST_PROXY unset)', async () => {
    const direct = await ask(server.app, '127.0.0.1');
    expect(direct.headers['x-request-id']).toMatch(UUID);
    expect(direct.json().error.requestId).toBe(direct.headers['x-request-id']);
  });
});

describe('background work', () => {
  it('logs with a job id of its own, and the id of the request that started it', async () => {
    logLines.length = 0;
    const requestLog = server.app.log.child({ reqId: 'req-started-it' });
    server.app.backgroundTasks.run(
      'magic link',
      async () => {
        throw new Error('SMTP said no');
      },
      requestLog,
    );
    server.app.backgroundTasks.run('event invitation', async () => {
      throw new Error('SMTP said no again');
    });
    await server.app.backgroundTasks.settle();
    const failures = logLines
      .map(
        (line) =>
          JSON.parse(line) as { msg: string; task?: string; jobId?: string; reqId?: string },
      )
      .filter((line) => line.msg === 'background task failed');
    expect(failures.map((line) => [line.task, line.reqId])).toEqual([
      ['magic link', 'req-started-it'],
      ['event invitation', undefined],
    ]);
    for (const line of failures) expect(line.jobId).toMatch(UUID);
    expect(failures[0]?.jobId).not.toBe(failures[1]?.jobId);
  });
});
