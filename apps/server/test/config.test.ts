import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { assertSafeForEnvironment, ConfigError, loadConfig } from '../src/config.ts';
import { testConfig } from './support/app.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      nodeEnv: 'development',
      databaseUrl: undefined,
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
      dataDir: '/tmp/data',
      firebaseAuthEmulatorHost: '127.0.0.1:9099',
      firebaseProjectId: 'demo-other',
      orgDomain: 'example.org',
      staticDir: '/tmp/dist',
      seed: true,
      logLevel: 'silent',
    });
  });

  it('rejects malformed values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED: 'maybe' })).toThrow(/SEED/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('refuses the Auth emulator in production', () => {
    const load = () =>
      loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
    expect(() =>
      loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: 'h:1' }),
    ).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'production' }).responseValidation).toBe('log');
  });

  it('assertSafeForEnvironment is also enforced by buildApp for a hand-made config', async () => {
    expect(() =>
      assertSafeForEnvironment({ nodeEnv: 'production', firebaseAuthEmulatorHost: 'h:1' }),
    ).toThrow(ConfigError);
    const unsafe = { ...testConfig(), nodeEnv: 'production' };
    await expect(buildApp(unsafe)).rejects.toThrow(ConfigError);
  });
});
