import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  assertSafeForEnvironment,
  ConfigError,
  envExample,
  loadConfig,
  serverEnvSchema,
} from '../src/config.ts';
import { PRODUCTION_ENV, testConfig } from './support/app.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
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
    const unsafe = { ...testConfig(), nodeEnv: 'production' };
    await expect(buildApp(unsafe)).rejects.toThrow(ConfigError);
  });
});
