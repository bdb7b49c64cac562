import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../../src/app/dependencies.ts';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/open.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { authEmulatorHost } from './emulator.ts';

/** The least a production environment sets (config.ts: PRODUCTION_REQUIRED). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://tutoring@db.tutoring.example.org/tutoring',
  FIREBASE_PROJECT_ID: 'tutoring-production',
  PUBLIC_URL: 'https://portal.tutoring.example.org',
  NOTIFICATION_SECRET: 'production-notification-secret-for-tests',
} as const;

/** The configuration of a test server: the environment's emulator, no seeding, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  authEmulatorHost();
  return {
    ...loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      SEED: 'false',
      STATIC_DIR: undefined,
      PORT: '0',
      // The scheduler's passes run when a test asks (jobs.runPass, POST /api/dev/clock), never
      // on a timer in the middle of one.
      SCHEDULER_INTERVAL_MS: '0',
      // Texts go out whatever the hour a test runs at; the tests of held texts turn this on.
      FAMILY_QUIET_HOURS: 'none',
    }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A server on a fresh database of its own, filled by `fixtures`. */
export async function startTestApp(
  options: {
    config?: Partial<Config>;
    now?: () => Date;
    fixtures?: (db: Database) => Promise<unknown>;
    dependencies?: Omit<AppDependencies, 'database' | 'now'>;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  try {
    await options.fixtures?.(database.handle.db);
    const app = await buildApp(testConfig(options.config), {
      ...options.dependencies,
      database: database.handle,
      ...(options.now ? { now: options.now } : {}),
    });
    return {
      app,
      db: database.handle.db,
      database,
      async close() {
        await app.close();
        await database.dispose();
      },
    };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
