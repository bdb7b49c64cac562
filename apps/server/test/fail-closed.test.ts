// Issue 36, item 1: the development features (the /api/dev routes, the well-known webhook secrets)
// exist only when NODE_ENV is exactly development or test. Unset, `prod` or `staging` runs the
// production rules, as NODE_ENV=production does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEV_DEFAULTS, loadConfig } from '../src/config.ts';
import { SIGNATURE_HEADER, signWebhook } from '../src/modules/webhooks/signature.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from './support/app.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({
    now: () => NOW,
    fixtures: (db) => seedDemoData(db, { now: NOW }),
  });
});
afterAll(() => server?.close());

/** A waiver webhook signed with the development default secret, as anyone can sign it. */
function devSignedWebhook(eventId: string) {
  const raw = JSON.stringify({ eventId, formType: 'waiver', email: DEMO_APPLICANT_EMAILS.sam });
  return {
    method: 'POST' as const,
    url: '/api/webhooks/forms',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(
        DEV_DEFAULTS.formsWebhookSecret,
        raw,
        Math.floor(NOW.getTime() / 1000),
      ),
    },
    payload: raw,
  };
}

it('in development (the contrast): the dev routes answer and the well-known secret is accepted', async () => {
  expect((await server.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
  const webhook = await server.app.inject(devSignedWebhook('fail-closed-dev'));
  expect(webhook.statusCode, webhook.body).toBe(200);
});

describe.each([
  ['unset', undefined],
  ['prod', 'prod'],
  ['staging', 'staging'],
])('NODE_ENV %s', (name, nodeEnv) => {
  it('has no dev routes and takes no webhook signed with a development secret', async () => {
    const config = loadConfig({ ...PRODUCTION_ENV, NODE_ENV: nodeEnv, PORT: '0' });
    const production = await buildApp(
      { ...config, logLevel: 'silent' },
      {
        database: server.database.handle,
        now: () => NOW,
        identity: {
          verifyIdToken: () => Promise.reject(new Error('no tokens in this test')),
          mintApplicantToken: () => Promise.reject(new Error('no tokens in this test')),
          close: async () => undefined,
        },
      },
    );
    try {
      for (const [method, url] of [
        ['GET', '/api/dev/outbox'],
        ['GET', '/api/dev/sms/outbox'],
        ['GET', '/api/dev/forms'],
        ['POST', '/api/dev/clock'],
      ] as const) {
        const response = await production.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      const webhook = await production.inject(devSignedWebhook(`fail-closed-${name}`));
      expect(webhook.statusCode, webhook.body).toBe(404);
      // The Auth emulator: refused by buildApp itself, for a configuration made by hand too.
      await expect(
        buildApp({ ...config, firebaseAuthEmulatorHost: '127.0.0.1:9099' }),
      ).rejects.toThrow('Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set');
    } finally {
      await production.close();
    }
  });
});
