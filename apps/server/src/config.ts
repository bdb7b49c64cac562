import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so defaults work whatever the working directory is. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  nodeEnv: string;
  /** PostgreSQL connection string; when absent the server runs on PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** host:port of the Firebase Auth emulator; never allowed in production. */
  firebaseAuthEmulatorHost: string | undefined;
  firebaseProjectId: string;
  /** Lower-case domain (no '@') that tutors' Google accounts must belong to. */
  orgDomain: string;
  /** Folder of the built portal; when set the server also serves it (SPA fallback). */
  staticDir: string | undefined;
  /** Seed the demo data when the database is empty. */
  seed: boolean;
  openapiPath: string;
  logLevel: LogLevel;
  /**
   * What a response that breaks the contract does: 'error' turns it into a 500 (development and
   * tests, so drift is caught), 'log' logs it and sends it anyway (production, where users should
   * not pay for a mismatch in a field they may not even read).
   */
  responseValidation: 'error' | 'log';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got '${value}'.`);
  }
  return port;
}

function parseBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const normalised = value.toLowerCase();
  if (['true', '1', 'yes'].includes(normalised)) return true;
  if (['false', '0', 'no'].includes(normalised)) return false;
  throw new ConfigError(`${name} must be true or false, got '${value}'.`);
}

function parseLogLevel(value: string | undefined, nodeEnv: string): LogLevel {
  if (value === undefined) return nodeEnv === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${value}'.`);
  }
  return value as LogLevel;
}

/**
 * The Auth emulator accepts unsigned ID tokens, and firebase-admin trusts them whenever
 * FIREBASE_AUTH_EMULATOR_HOST is set: in production that would let anyone sign in as anyone.
 */
export function assertSafeForEnvironment(
  config: Pick<Config, 'nodeEnv' | 'firebaseAuthEmulatorHost'>,
) {
  if (config.nodeEnv === 'production' && config.firebaseAuthEmulatorHost !== undefined) {
    throw new ConfigError(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
        'The Auth emulator issues unsigned tokens, so anyone could sign in as anyone. ' +
        'Unset FIREBASE_AUTH_EMULATOR_HOST to use the real Firebase Auth.',
    );
  }
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'development';
  const orgDomain = (nonEmpty(env.ORG_DOMAIN) ?? 'tutoring.example.org')
    .replace(/^@/, '')
    .toLowerCase();
  const config: Config = {
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    port: parsePort(nonEmpty(env.PORT)),
    nodeEnv,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? resolve(repoRoot, '.data/pglite')),
    firebaseAuthEmulatorHost: nonEmpty(env.FIREBASE_AUTH_EMULATOR_HOST),
    firebaseProjectId: nonEmpty(env.FIREBASE_PROJECT_ID) ?? 'demo-tutoring',
    orgDomain,
    staticDir: nonEmpty(env.STATIC_DIR) ? resolve(env.STATIC_DIR as string) : undefined,
    seed: parseBoolean('SEED', nonEmpty(env.SEED)),
    openapiPath: resolve(nonEmpty(env.OPENAPI_PATH) ?? resolve(repoRoot, 'openapi.yaml')),
    logLevel: parseLogLevel(nonEmpty(env.LOG_LEVEL), nodeEnv),
    responseValidation: nodeEnv === 'production' ? 'log' : 'error',
  };
  assertSafeForEnvironment(config);
  return config;
}
