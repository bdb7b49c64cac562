import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';
import { notificationTimings } from './support/notificationTimings';
import { e2eWorkers, runningStackUrl, serverUrlFor, stackPorts as stack } from './support/stack';

const isCi = Boolean(process.env.CI);

/**
 * An organisation time zone in which it is about noon now, whatever the hour the suite runs at:
 * families' quiet hours (21:00-08:00) and tutors' notification quiet hours are kept in it, so no
 * spec's text is held or notification delayed by the hour of the run. The quiet-hours spec moves
 * the server's clock to the evening of this zone itself (POST /api/dev/clock). Etc/GMT-N is UTC+N.
 */
function zoneWhereItIsNoon(now = new Date()): string {
  const hoursAhead = 12 - now.getUTCHours();
  if (hoursAhead === 0) return 'Etc/UTC';
  return hoursAhead > 0 ? `Etc/GMT-${hoursAhead}` : `Etc/GMT+${-hoursAhead}`;
}
process.env.E2E_ORG_TIME_ZONE ??= zoneWhereItIsNoon();

/**
 * A word for the shell that runs the web server's command, taken as it is: single quotes keep a
 * space, `$`, a backtick and a double quote literal (JSON's double quotes would let `$` and
 * backticks expand), and a single quote inside is closed, escaped and reopened.
 */
const shellQuoted = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

export default defineConfig({
  testDir: './tests',
  // One worker per server of the stack (support/stack.ts); a spec file runs in one worker, its
  // tests in order.
  workers: e2eWorkers,
  retries: 0,
  forbidOnly: isCi,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCi ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Worker 0's server; each worker's own comes from the fixtures (support/fixtures.ts).
    baseURL: serverUrlFor(0),
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // The built app registers a service worker (apps/portal/src/app/serviceWorker.ts), whose
    // requests page.route() cannot see and whose precache downloads the whole app in the
    // background of every test: only tests/installable.spec.ts, which is about it, allows it.
    serviceWorkers: 'block',
    // Recording a trace costs whether or not the test fails: on the whole suite, 105 s of 490 (its
    // screencast alone 67 s). CI (and `npm test`, which sets CI) records none; the failure output
    // still has the error and the call log. Elsewhere, or with E2E_TRACE=retain-on-failure, a
    // failing test keeps its trace in test-results/.
    trace:
      (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | undefined) ??
      (isCi ? 'off' : 'retain-on-failure'),
    launchOptions: {
      // Debian's chromium: Playwright never downloads a browser on these machines.
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        // Offline: no other host than this machine resolves, so a request elsewhere fails at once
        // (the tests answer the few third-party URLs they need with routes).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
  },
  webServer: runningStackUrl
    ? undefined
    : {
        command: [
          'node ../scripts/stack.mjs',
          `--port ${stack.port}`,
          `--auth-port ${stack.authPort}`,
          `--hub-port ${stack.hubPort}`,
          `--logging-port ${stack.loggingPort}`,
          `--translation-double-port ${stack.translationDoublePort}`,
          `--servers ${e2eWorkers}`,
          '--fresh',
          // `npm test` builds the portal once for this stack's emulator and the benchmarks' smoke
          // pass (scripts/test.mjs); on its own the stack builds its own.
          ...(process.env.E2E_PORTAL_DIST
            ? [`--portal-dist ${shellQuoted(process.env.E2E_PORTAL_DIST)}`]
            : []),
        ].join(' '),
        // The first server; each worker waits for its own (support/fixtures.ts).
        url: `${serverUrlFor(0)}/`,
        reuseExistingServer: false,
        // Every spec asks for sign-in links from the same address: the per-IP hourly limit (20)
        // would refuse the suite's later requests. The limit itself is tested on the server.
        env: {
          SIGNIN_LINK_LIMIT_PER_IP: '1000',
          ORG_TIME_ZONE: process.env.E2E_ORG_TIME_ZONE,
          NOTIFY_REPLY_DELAY_MS: String(notificationTimings.replyDelayMs),
          NOTIFY_BATCH_WINDOW_MS: String(notificationTimings.batchWindowMs),
          SCHEDULER_INTERVAL_MS: String(notificationTimings.schedulerIntervalMs),
        },
        timeout: 180_000,
        // The server logs every request; its errors still show (stderr).
        stdout: 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
