import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  assertSafeForEnvironment,
  ConfigError,
  DEFAULT_TIMEOUTS_MS,
  DEV_DEFAULTS,
  envExample,
  loadConfig,
  serverEnvSchema,
} from '../src/config.ts';
import { PRODUCTION_ENV, startTestApp, testConfig } from './support/app.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      nodeEnv: 'development',
      databaseUrl: undefined,
      databasePoolSize: 1,
      firebaseAuthEmulatorHost: undefined,
      firebaseProjectId: 'demo-tutoring',
      orgDomain: 'tutoring.example.org',
      staticDir: undefined,
      seed: false,
      logLevel: 'info',
      responseValidation: 'error',
    });
    expect(config.dataDir).toMatch(/\/\.data\/pglite$/);
    expect(config.openapiPath).toMatch(/\/openapi\.yaml$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      DATABASE_POOL_SIZE: '16',
      DATA_DIR: '/tmp/data',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-other',
      ORG_DOMAIN: '@Example.ORG',
      STATIC_DIR: '/tmp/dist',
      SEED: 'true',
      NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      databasePoolSize: 16,
      dataDir: '/tmp/data',
      firebaseAuthEmulatorHost: '127.0.0.1:9099',
      firebaseProjectId: 'demo-other',
      orgDomain: 'example.org',
      staticDir: '/tmp/dist',
      seed: true,
      logLevel: 'silent',
    });
  });

  it('reports every problem at once, one line per variable', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'development',
        PORT: 'eighty',
        SEED: 'maybe',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'portal.example.org',
        TWILIO_ACCOUNT_SID: 'AC123',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      "The server's configuration has 5 problems:",
      "  - PORT must be an integer from 0 to 65535, got 'eighty'",
      "  - SEED must be true or false, got 'maybe'",
      "  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
      "  - PUBLIC_URL must be an origin such as https://forms.example.org, got 'portal.example.org'",
      '  - Set both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or neither.',
    ]);
  });

  it('production must set what only has a demo default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      [
        "The server's configuration has 4 problems:",
        '  - DATABASE_URL is required when NODE_ENV=production',
        '  - FIREBASE_PROJECT_ID is required when NODE_ENV=production',
        '  - PUBLIC_URL is required when NODE_ENV=production',
        '  - NOTIFICATION_SECRET is required when NODE_ENV=production',
      ].join('\n'),
    );
  });

  it('apps/server/.env.example lists every variable of the schema, as the schema says', () => {
    const committed = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    // On a difference: pnpm --filter @tutoring/server env:example
    expect(committed).toBe(envExample());
    for (const [name, schema] of Object.entries(serverEnvSchema.shape)) {
      expect(schema.description, `${name} has a description`).toBeTruthy();
    }
  });

  it('the server reads no environment variable outside the schema', () => {
    const source = (dir: URL): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? source(new URL(`${entry.name}/`, dir))
          : entry.name.endsWith('.ts')
            ? [readFileSync(new URL(entry.name, dir), 'utf8')]
            : [],
      );
    const read = new Set(
      source(new URL('../src/', import.meta.url)).flatMap((text) =>
        [...text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]),
      ),
    );
    expect(
      [...read].filter((name) => name !== undefined && !(name in serverEnvSchema.shape)),
    ).toEqual([]);
  });

  it('rejects malformed values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED: 'maybe' })).toThrow(/SEED/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      "DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got '0'",
    );
  });

  it('refuses the Auth emulator in production', () => {
    const load = () =>
      loadConfig({ ...PRODUCTION_ENV, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/);
    expect(() => loadConfig(PRODUCTION_ENV)).not.toThrow();
    expect(() =>
      loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: 'h:1' }),
    ).not.toThrow();
    expect(loadConfig(PRODUCTION_ENV).responseValidation).toBe('log');
  });

  it('assertSafeForEnvironment is also enforced by buildApp for a hand-made config', async () => {
    expect(() =>
      assertSafeForEnvironment({ nodeEnv: 'production', firebaseAuthEmulatorHost: 'h:1' }),
    ).toThrow(ConfigError);
    const unsafe = { ...testConfig(), nodeEnv: 'production' as const };
    await expect(buildApp(unsafe)).rejects.toThrow(ConfigError);
  });
});

/** The lines of a ConfigError's message that name a problem. */
function problemsOf(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.split('\n').filter((line) => line.startsWith('  - '));
  }
  throw new Error('the configuration was accepted');
}

// Issue 36, item 1: only NODE_ENV=development or test runs the development rules.
describe.each([
  ['unset', undefined, 'under the production rules (NODE_ENV unset;'],
  ['prod', 'prod', 'under the production rules (NODE_ENV=prod;'],
  ['staging', 'staging', 'under the production rules (NODE_ENV=staging;'],
])('fail closed: NODE_ENV %s runs the production rules', (_name, nodeEnv, named) => {
  const env = { ...PRODUCTION_ENV, NODE_ENV: nodeEnv };

  it('requires what production requires, and gives no development default', () => {
    expect(problemsOf(() => loadConfig({ NODE_ENV: nodeEnv }))).toEqual(
      ['DATABASE_URL', 'FIREBASE_PROJECT_ID', 'PUBLIC_URL', 'NOTIFICATION_SECRET'].map(
        (name) => `  - ${name} is required ${named} only development and test run without them)`,
      ),
    );
    const config = loadConfig(env);
    expect(config).toMatchObject({
      nodeEnv: 'production',
      devRoutes: false,
      responseValidation: 'log',
      webhookSecrets: { forms: undefined, scheduling: undefined },
      learningPortal: { secret: undefined },
      scriptOrigins: [],
    });
    expect(config.notifications.textFrom).toBeUndefined();
  });

  it('refuses the Auth emulator, in one line', () => {
    const problems = problemsOf(() =>
      loadConfig({ ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set ${named}`);
  });

  it('refuses every development default as a value, one line each', () => {
    const problems = problemsOf(() =>
      loadConfig({
        ...env,
        FORMS_WEBHOOK_SECRET: DEV_DEFAULTS.formsWebhookSecret,
        SCHEDULING_WEBHOOK_SECRET: DEV_DEFAULTS.schedulingWebhookSecret,
        LEARNING_PORTAL_SECRET: DEV_DEFAULTS.learningPortalSecret,
        NOTIFICATION_SECRET: DEV_DEFAULTS.notificationSecret,
        TWILIO_NOTIFICATION_FROM: DEV_DEFAULTS.notificationFrom,
      }),
    );
    expect(problems.map((line) => line.split(' ')[3]).sort()).toEqual([
      'FORMS_WEBHOOK_SECRET',
      'LEARNING_PORTAL_SECRET',
      'NOTIFICATION_SECRET',
      'SCHEDULING_WEBHOOK_SECRET',
      'TWILIO_NOTIFICATION_FROM',
    ]);
    for (const line of problems) {
      expect(line).toContain(
        `is a development default, public in the repository: set one of your own ${named}`,
      );
    }
  });

  it('refuses a database that is not PostgreSQL, without echoing the URL', () => {
    const problems = problemsOf(() =>
      loadConfig({ ...env, DATABASE_URL: 'mysql://root:hunter2@db.example.org/tutoring' }),
    );
    expect(problems).toEqual([
      '  - DATABASE_URL must be a PostgreSQL URL (postgres:// or postgresql://), got mysql: ...',
    ]);
  });

  it("refuses the emulator's demo Firebase project", () => {
    const problems = problemsOf(() => loadConfig({ ...env, FIREBASE_PROJECT_ID: 'demo-tutoring' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('FIREBASE_PROJECT_ID=demo-tutoring is a demo project');
  });

  it('refuses a portal built for the demo Firebase project, and serves one built for its own', () => {
    const portal = mkdtempSync(join(tmpdir(), 'portal-build-'));
    try {
      mkdirSync(join(portal, 'assets'));
      // What Vite writes for src/config/firebase.ts without VITE_FIREBASE_PROJECT_ID.
      const demo = 'var $={MODE:`production`},Fr=he($.VITE_FIREBASE_PROJECT_ID,`demo-tutoring`);';
      writeFileSync(join(portal, 'assets', 'firebaseSession-abc.js'), demo);
      const problems = problemsOf(() => loadConfig({ ...env, STATIC_DIR: portal }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(
        `The portal in ${portal} was built for another Firebase project than FIREBASE_PROJECT_ID=tutoring-production`,
      );
      const built = `var $={MODE:\`production\`,VITE_FIREBASE_PROJECT_ID:"tutoring-production"},Fr=he($.VITE_FIREBASE_PROJECT_ID,\`demo-tutoring\`);`;
      writeFileSync(join(portal, 'assets', 'firebaseSession-abc.js'), built);
      expect(loadConfig({ ...env, STATIC_DIR: portal }).staticDir).toBe(portal);
    } finally {
      rmSync(portal, { recursive: true, force: true });
    }
  });
});

describe('development and test rules', () => {
  it.each(['development', 'test'])('NODE_ENV=%s keeps the development defaults', (nodeEnv) => {
    const config = loadConfig({ NODE_ENV: nodeEnv, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(config.nodeEnv).toBe(nodeEnv);
    expect(config.devRoutes).toBe(true);
    expect(config.webhookSecrets.forms).toBe(DEV_DEFAULTS.formsWebhookSecret);
  });

  it('refuses a database URL that is not PostgreSQL there too, and takes both spellings', () => {
    expect(
      problemsOf(() => loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'mysql:' })),
    ).toEqual([
      '  - DATABASE_URL must be a PostgreSQL URL (postgres:// or postgresql://), got mysql: ...',
    ]);
    for (const url of ['postgres://u@h/db', 'postgresql://u@h/db']) {
      expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });
});

// Issue 36, item 2: a hop count or the proxies' addresses, never every hop.
describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) =>
    loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

  it('takes a hop count or addresses/CIDRs; unset, false or 0 trusts none', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7 ::1 fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, saying what to set behind one proxy', () => {
    const problems = problemsOf(() => trustProxy('true'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ {2}- TRUST_PROXY must not be true: .*TRUST_PROXY=1 behind one/);
  });

  it('refuses what is neither', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0', 'proxy.example.org', '1.5']) {
      expect(
        problemsOf(() => trustProxy(value)),
        value,
      ).toEqual([
        `  - TRUST_PROXY must be a hop count such as 1 or proxy addresses/CIDRs such as 10.0.0.0/8, got '${value}'`,
      ]);
    }
  });
});

// Issue 36, item 7: the HTTP server's timeouts.
describe('timeouts', () => {
  it('have documented defaults, and can be set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).timeouts).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      connectionMs: 90_000,
      keepAliveMs: 72_000,
    });
    expect(DEFAULT_TIMEOUTS_MS.keepAlive).toBeGreaterThan(60_000);
    expect(
      loadConfig({
        NODE_ENV: 'test',
        REQUEST_TIMEOUT_MS: '20000',
        HEADERS_TIMEOUT_MS: '5000',
        CONNECTION_TIMEOUT_MS: '120000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
      }).timeouts,
    ).toEqual({ requestMs: 20_000, headersMs: 5000, connectionMs: 120_000, keepAliveMs: 65_000 });
  });

  it('refuses headers allowed longer than the whole request, and values out of range', () => {
    expect(problemsOf(() => loadConfig({ NODE_ENV: 'test', HEADERS_TIMEOUT_MS: '40000' }))).toEqual(
      ['  - HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS'],
    );
    expect(problemsOf(() => loadConfig({ NODE_ENV: 'test', REQUEST_TIMEOUT_MS: '0' }))).toEqual([
      "  - REQUEST_TIMEOUT_MS must be a whole number of ms from 1000 to 3600000, got '0'",
    ]);
  });

  it("are the HTTP server's", async () => {
    const timeouts = {
      requestMs: 20_000,
      headersMs: 4000,
      connectionMs: 50_000,
      keepAliveMs: 65_000,
    };
    const server = await startTestApp({ config: { timeouts } });
    try {
      expect(server.app.server.requestTimeout).toBe(20_000);
      expect(server.app.server.headersTimeout).toBe(4000);
      expect(server.app.server.timeout).toBe(50_000);
      expect(server.app.server.keepAliveTimeout).toBe(65_000);
    } finally {
      await server.close();
    }
  });
});
