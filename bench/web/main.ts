// `pnpm bench:web`: builds the portal, starts the stack on ports of its own (apart from `npm
// start`'s and the e2e tests'), then
//   1. Lighthouse, default mobile profile, performance only, N runs per public route: medians;
//   2. the signed-in screens on a slow phone (Playwright, CDP slow 4G + 4x CPU): time to content,
//      cold (a new context) and on a return visit (a new tab of that context, issue 39).
// Prints both tables with the targets of issue 14 and writes everything to
// bench/results/web-<date>.json. A benchmark, not a test: it fails only when it cannot measure.
//
//   pnpm bench:web [--runs 3] [--only lighthouse|screens] [--skip-build] [--smoke]
//                  [--portal-dist dir]
//   --smoke: one run of one route and one screen, which `npm test` does to see that the benchmark
//            still runs end to end (never to judge its numbers)
//   --portal-dist: serve the portal built in that folder for the same Auth emulator instead of
//            building one (npm test's bench layer: the build its e2e stack serves)
//   BENCH_PORT_OFFSET=10 pnpm bench:web    shifts the four ports, as E2E_PORT_OFFSET does for e2e
//   BENCH_AUTH_EMULATOR_HOST=127.0.0.1:9199 pnpm bench:web   signs in on an Auth emulator already
//            running there instead of starting one (npm test's bench layer: the test run's)
//   BENCH_CPU_PROFILE_DIR=dir pnpm bench:web --only screens   also writes each visit's main-thread
//            CPU profile (.cpuprofile, for Chrome DevTools) into dir
//   BENCH_TRACE_DIR=dir pnpm bench:web --only screens   also writes each visit's performance trace
//            (JSON, for the DevTools Performance panel: compile, code cache, style, layout) into dir
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { onShutdown, repoRoot } from '../../scripts/lib/process.mjs';
import { startStack } from '../../scripts/stack.mjs';
import {
  killLighthouseChromes,
  type LighthouseRouteResult,
  lighthouseFindings,
  lighthouseRoutes,
  lighthouseTable,
  runLighthouse,
} from './lighthouse.ts';
import {
  launchPlaywrightChromium,
  returnVisitMode,
  runScreens,
  type ScreenResult,
  screensFindings,
  screensTable,
  slowPhone,
} from './screens.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    'portal-dist': { type: 'string' },
  },
});
const portalDist = values['portal-dist'] === undefined ? undefined : resolve(values['portal-dist']);
const smoke = values.smoke;
const runs = smoke ? 1 : Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const only = values.only;
if (only !== undefined && only !== 'lighthouse' && only !== 'screens') {
  throw new Error('--only must be lighthouse or screens');
}

// The benchmark's ports: npm start uses 8080/9099/4400/4500, the e2e tests 8180/9199/4490/4590.
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
// An emulator already running there is reused by the stack (and left running); its accounts are
// identities only, so the benchmark's sign-ins do not meet another user of it.
const runningEmulatorPort = process.env.BENCH_AUTH_EMULATOR_HOST
  ? Number(new URL(`http://${process.env.BENCH_AUTH_EMULATOR_HOST}`).port)
  : undefined;
const ports = {
  port: 8280 + portOffset,
  authPort: runningEmulatorPort ?? 9299 + portOffset,
  hubPort: 4492 + portOffset,
  loggingPort: 4592 + portOffset,
};

const log = (line: string) => console.log(line);
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let browser: Browser | undefined;
async function stopEverything() {
  killLighthouseChromes();
  await browser?.close().catch(() => {});
  browser = undefined;
  await stack?.stop();
  stack = undefined;
}
onShutdown(async () => {
  console.log('\nStopping the benchmark, the server and the Auth emulator…');
  await stopEverything();
});

function version(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
const packageVersion = (name: string) =>
  (
    JSON.parse(
      readFileSync(join(repoRoot, 'bench/node_modules', name, 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;

const startedAt = new Date();
const loadBefore = loadavg();
let lighthouse: LighthouseRouteResult[] = [];
let screens: ScreenResult[] = [];
try {
  log(
    portalDist === undefined
      ? `Building the portal and starting the stack on 127.0.0.1:${ports.port} (about 30 s)…`
      : `Starting the stack on 127.0.0.1:${ports.port} with the portal built in ${portalDist}…`,
  );
  process.env.LOG_LEVEL ??= 'warn';
  // The benchmark signs in by magic link on every run; the per-IP hourly limit is not measured here.
  process.env.SIGNIN_LINK_LIMIT_PER_IP ??= '1000';
  stack = await startStack({
    ...ports,
    fresh: true,
    quiet: true,
    skipBuild: values['skip-build'],
    portalDist,
  });
  const baseUrl = stack.url;

  if (only !== 'screens') {
    log(`Lighthouse (mobile, simulated slow 4G + 4x CPU), ${runs} runs per route:`);
    const routes = smoke ? lighthouseRoutes.slice(0, 1) : lighthouseRoutes;
    lighthouse = await runLighthouse(baseUrl, routes, runs, log);
  }
  if (only !== 'lighthouse') {
    log(
      `Signed-in screens (Playwright, CDP slow 4G + 4x CPU, cold and return visits), ${runs} runs each:`,
    );
    browser = await launchPlaywrightChromium();
    screens = await runScreens(
      browser,
      baseUrl,
      `http://${stack.emulatorHost}`,
      runs,
      log,
      smoke ? 1 : undefined,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await stopEverything();
  process.exit(1);
}
await stopEverything();

const result = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    loadavgBefore: loadBefore,
    loadavgAfter: loadavg(),
    node: process.version,
    chromium: version('/usr/bin/chromium', ['--version']),
    lighthouse: packageVersion('lighthouse'),
  },
  runsPerRoute: runs,
  lighthouse: {
    settings: 'default config (mobile, simulated throttling), onlyCategories: performance',
    routes: lighthouse,
  },
  screens: {
    settings: {
      latencyMs: slowPhone.latencyMs,
      downloadBytesPerSecond: slowPhone.downloadBytesPerSecond,
      uploadBytesPerSecond: slowPhone.uploadBytesPerSecond,
      cpuSlowdown: slowPhone.cpuSlowdown,
      viewport: slowPhone.viewport,
      cache:
        returnVisitMode === 'new-tab'
          ? 'cold: a new browser context per run, signed in from stored state; return: once the service worker is active and the saved answers are in IndexedDB, the first tab closed, the service worker stopped, and the screen opened in a new tab of that context'
          : 'cold: a new browser context per run, signed in from stored state; return (BENCH_RETURN_VISIT=same-tab): a second navigation in the first tab, once the service worker is active and the saved answers are in IndexedDB',
      shown: 'first frame after the content is in the DOM, ms since the navigation started',
    },
    results: screens,
  },
};
const resultsDir = join(repoRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `web-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
console.log(
  `\nMachine: ${result.machine.cpus} cores, load average ${load(loadBefore)} before, ${load(result.machine.loadavgAfter)} after (shared and noisy: compare runs, not single numbers)`,
);
if (lighthouse.length > 0) {
  console.log(`\nLighthouse ${result.machine.lighthouse}, mobile, median of ${runs} runs\n`);
  console.log(lighthouseTable(lighthouse));
  for (const line of lighthouseFindings(lighthouse)) console.log(`  ${line}`);
}
if (screens.length > 0) {
  console.log(
    `\nSigned-in screens, slow 4G (150 ms, 1.6 Mbps) + 4x CPU, cold and return visits, median of ${runs} runs\n`,
  );
  console.log(screensTable(screens));
  for (const line of screensFindings(screens)) console.log(`  ${line}`);
}
console.log(`\nWritten: ${file}`);
