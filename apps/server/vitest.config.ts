import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (seconds on a fresh clone, PostgreSQL / PGlite):
 * each starts before the short ones, so that none is left running alone at the end with the other
 * workers idle. Vitest orders by the last run's durations where it has them, which a fresh clone
 * (and CI) has not: by size, database-outage.test.ts (57 s, a 45 s outage) started last and the
 * PostgreSQL layer's last 40 s ran one file on an idle machine.
 */
const longestFiles = [
  'database-outage', // 57 / -
  'main-process', // 35 / 41
  'integration-api', // 7 / 24
  'shutdown-drain', // - / 22
  'notifications-durable', // 14 / 19
  'fuzz', // 17 / 18
  'csv-import', // 16 / 2
  'admin-cli', // 6 / 14
];

class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = longestFiles.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
      return index === -1 ? longestFiles.length : index;
    };
    // Array sort is stable: the other files keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// The same suite runs on PGlite (default) and on PostgreSQL (DATABASE_URL set); both need the
// Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST). See test/support/global-setup.ts.
export default defineConfig({
  test: {
    environment: 'node',
    // The tests' rules, whatever the shell says: a server or CLI a test spawns with the test's
    // environment runs the production rules unless NODE_ENV is development or test (config.ts).
    env: { NODE_ENV: 'test' },
    include: ['test/**/*.test.ts'],
    sequence: { sequencer: LongestFilesFirst },
    globalSetup: ['./test/support/global-setup.ts'],
    pool: 'forks',
    // The app's modules are imported once per worker instead of once per file (import time 30 s
    // -> 4 s): each test builds its own app, database and clock, so no state is shared.
    isolate: false,
    // Both cores: most of a test's time is spent waiting on the database, the emulator or a child
    // server, so two files at a time take 75 s instead of 95 s on PGlite (47 s instead of 74 s on
    // PostgreSQL). Vitest's default here would be one. On PostgreSQL, whose server does part of
    // the work in processes of its own, two left 27 % of the CPU idle and three files at a time
    // took the layer from 173 s to 138-140 s; PGlite works in the workers' own processes, and two
    // already keep the cores busy (7 % idle).
    maxWorkers: process.env.DATABASE_URL ? 3 : 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A poll waits for something that will happen (a lock wait, a restarted resender's send, the
    // feed catching up): on a busy 2-core machine that can take over vitest's default 1 s, and a
    // longer limit costs time only when the test fails anyway.
    expect: { poll: { timeout: 10_000 } },
  },
});
