// Issue 36, item 10: every route the server answers under /api is an operation of openapi.yaml, and
// every operation of openapi.yaml is answered, so the contract's tests and the fuzz test
// (fuzz.test.ts) reach every route. The routes are what Fastify registered (printRoutes), on a
// server with everything turned on: both webhook secrets, Twilio, the development routes and a
// built portal. The routes outside /api are listed below, each with why it is not in the contract.
// In production the development-only operations (x-development-only) are the ones not answered.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from './support/app.ts';
import { contract } from './support/calls.ts';

const TWILIO = {
  accountSid: 'ACroutes',
  authToken: 'routes-test-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};

/** A built portal, as small as the server accepts (static-site.test.ts has the full one). */
const staticDir = mkdtempSync(join(tmpdir(), 'server-routes-'));
mkdirSync(join(staticDir, 'assets'));
for (const file of ['index.html', 'app.html', 'app-tutoring.html', 'credits.html', '404.html']) {
  writeFileSync(join(staticDir, file), '<!doctype html><title>Portal</title><div id="root"></div>');
}
const PAGES = {
  appShell: 'app.html',
  areaShells: { '/tutoring': 'app-tutoring.html' },
  notFound: '404.html',
  pages: { '/': 'index.html', '/credits': 'credits.html' },
  appRoutes: ['/auth', '/tutoring', '/tutoring/learning-pathway/:studentId'],
};
writeFileSync(join(staticDir, 'pages.json'), JSON.stringify(PAGES));

/**
 * The routes outside /api, and why each is not an operation of the contract. Anything else
 * outside /api fails the test, as a route under /api missing from openapi.yaml does.
 */
const NOT_API: Record<string, string> = {
  'GET /docs': 'the API reference: leads to /docs/ (api-docs.ts, Scalar)',
  'GET /docs/': 'the API reference: openapi.yaml rendered by Scalar',
  'GET /docs/js/scalar.js': "the API reference's script, Scalar's bundle",
  'GET /docs/openapi.json': 'openapi.yaml as JSON, which the reference renders',
  'GET /docs/openapi.yaml': 'openapi.yaml itself, for tools',
  // printRoutes names @fastify/static's '/*' as '*'.
  'GET *': "the built portal's files (@fastify/static, STATIC_DIR)",
  // The portal's pages (portal-pages.ts): each page and app path of pages.json, with and without
  // a trailing slash ('/' is index.html, which the static files answer).
  ...Object.fromEntries(
    [
      ...Object.keys(PAGES.pages).filter((path) => path !== '/'),
      ...PAGES.appRoutes.map((pattern) => pattern.replace(/:(\w+)/g, '{$1}')),
    ].flatMap((path) => [
      [`GET ${path}`, "a portal page (pages.json of the portal's build)"],
      [`GET ${path}/`, "a portal page (pages.json of the portal's build)"],
    ]),
  ),
};

/**
 * Every route Fastify registered, as 'METHOD /path' with the contract's '{param}'. HEAD routes
 * Fastify adds to each GET are left out (exposeHeadRoutes).
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    const path = `${stack[depth - 1] ?? ''}${node[2]}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (node[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}

/** The contract's operations as 'METHOD /api/path'. */
function contractRoutes(options: { developmentOnly?: boolean } = {}): string[] {
  return [...contract.operations.values()]
    .filter(
      (operation) =>
        options.developmentOnly === undefined ||
        operation.developmentOnly === options.developmentOnly,
    )
    .map((operation) => `${operation.method} ${contract.basePath}${operation.path}`)
    .sort();
}

const underApi = (route: string) => route.split(' ')[1]?.startsWith(`${contract.basePath}/`);

let server: TestApp;
let routes: string[];
beforeAll(async () => {
  server = await startTestApp({
    config: {
      webhookSecrets: { forms: 'routes-forms-secret', scheduling: 'routes-scheduling-secret' },
      twilio: TWILIO,
      staticDir,
    },
  });
  routes = registeredRoutes(server.app);
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the routes the server answers and openapi.yaml', () => {
  it('reads the routes Fastify registered', () => {
    // The reading of printRoutes itself: nested and split segments put back together.
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/tutor',
        'POST /api/tutor/send-message-as-written',
        'POST /api/tutor/notification-settings/phone/verify',
        'GET /api/tutor/media/{mediaId}',
        'POST /api/webhooks/twilio/status',
        'GET /docs/openapi.yaml',
      ]),
    );
  });

  it('every route under /api is an operation of openapi.yaml', () => {
    const inContract = new Set(contractRoutes());
    expect(routes.filter(underApi).filter((route) => !inContract.has(route))).toEqual([]);
  });

  it('every operation of openapi.yaml is answered', () => {
    const answered = new Set(routes);
    expect(contractRoutes().filter((route) => !answered.has(route))).toEqual([]);
  });

  it('the routes outside /api are the portal, its files and the API reference', () => {
    expect(routes.filter((route) => !underApi(route))).toEqual(Object.keys(NOT_API).sort());
  });

  it('the webhooks and the Twilio status callback are operations, signed, with no bearer token', () => {
    for (const operationId of [
      'receiveFormsWebhook',
      'receiveSchedulingWebhook',
      'receiveTwilioText',
      'receiveTwilioStatus',
    ]) {
      const operation = contract.operation(operationId);
      expect(operation.requiresBearer, operationId).toBe(false);
      expect(operation.developmentOnly, operationId).toBe(false);
    }
    expect(contract.operation('receiveTwilioStatus').requestBody?.mediaTypes).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });

  it('production answers every operation except the development-only ones', async () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      FORMS_WEBHOOK_SECRET: 'production-forms-secret-for-tests',
      SCHEDULING_WEBHOOK_SECRET: 'production-scheduling-secret-for-tests',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'fedcba9876543210'.repeat(2),
      HANDOFF_SECRET: 'production-handoff-secret-for-tests',
    });
    const production = await buildApp(config, {
      database: server.database.handle,
      identity: {
        verifyIdToken: () => Promise.reject(new Error('no tokens in this test')),
        mintApplicantToken: () => Promise.reject(new Error('no tokens in this test')),
        close: async () => undefined,
      },
    });
    try {
      const answered = registeredRoutes(production).filter(underApi);
      expect(answered).toEqual(contractRoutes({ developmentOnly: false }));
      expect(contractRoutes({ developmentOnly: true })).toContain('POST /api/dev/clock');
    } finally {
      await production.close();
    }
  });
});
