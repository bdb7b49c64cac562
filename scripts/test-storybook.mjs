#!/usr/bin/env node
// Tests every story of the static Storybook in Debian's chromium: play functions, axe (any
// violation fails), the layout guard and a screenshot compared with the committed baseline, at
// each of the story's widths (components 1280 and 390 px, screens 1280, 768 and 390 px, plus the
// 320 px reflow and text-spacing guards; see .storybook/test-runner.ts). One build, one run: each
// story visit goes through all its widths, so no width pays for its own browser pages.
//
//   node scripts/test-storybook.mjs            build, serve on 127.0.0.1:6106, test with --ci
//   node scripts/test-storybook.mjs --update   (re)write baselines that differ or are missing,
//                                              and delete baselines of stories that are gone
//   --no-build                                 reuse the existing storybook-static folder
//   -- <args>                                  passed on to test-storybook (e.g. --includeTags x)
//
// Environment: STORYBOOK_STATIC_DIR (storybook-static: where the build goes), STORYBOOK_TEST_PORT
// (6106), STORYBOOK_TEST_TIMEOUT_MS for the run (1800000),
// STORYBOOK_TEST_WORKERS (2), STORYBOOK_TEST_WIDTHS (e.g. 390: only those widths of each story),
// STORYBOOK_LAYOUT_GUARD_LOG (a file for the guard's per-check log), CHROMIUM_PATH
// (/usr/bin/chromium).
import { spawn } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = resolve(repoRoot, process.env.STORYBOOK_STATIC_DIR ?? 'storybook-static');
const baselinesDir = join(repoRoot, '.storybook', '__screenshots__');
const host = '127.0.0.1';
const port = Number(process.env.STORYBOOK_TEST_PORT ?? 6106);
const runTimeoutMs = Number(process.env.STORYBOOK_TEST_TIMEOUT_MS ?? 30 * 60 * 1000);
// Two workers on the two cores of CI; measured against three in issue 13.
const workers = process.env.STORYBOOK_TEST_WORKERS ?? '2';

const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const ownArgs = separator === -1 ? argv : argv.slice(0, separator);
const runnerArgs = separator === -1 ? [] : argv.slice(separator + 1);
const update = ownArgs.includes('--update');
const build = !ownArgs.includes('--no-build');
const unknown = ownArgs.filter((arg) => !['--update', '--no-build'].includes(arg));
if (unknown.length > 0) {
  console.error(`test-storybook: unknown option(s) ${unknown.join(' ')}`);
  process.exit(2);
}

const started = Date.now();
const log = (message) =>
  console.log(`[test-storybook ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

/** Runs a command; resolves with its exit code. Kills its process group after `timeoutMs`. */
function run(command, args, { env = {}, timeoutMs = 0 } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
      detached: true,
    });
    const signalGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    let timer = null;
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        console.error(
          `test-storybook: ${command} ${args.join(' ')} timed out after ${timeoutMs} ms`,
        );
        // SIGTERM first: Playwright then closes the browsers it launched in their own groups.
        signalGroup('SIGTERM');
        setTimeout(() => signalGroup('SIGKILL'), 5000).unref();
      }, timeoutMs);
    }
    const stopChild = () => signalGroup('SIGTERM');
    process.once('SIGINT', stopChild);
    process.once('SIGTERM', stopChild);
    child.on('error', (error) => {
      console.error(`test-storybook: cannot start ${command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', stopChild);
      process.off('SIGTERM', stopChild);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** A tiny static file server for storybook-static, bound to 127.0.0.1 only. */
function serveStatic(root) {
  const server = createServer(async (request, response) => {
    try {
      const { pathname } = new URL(request.url ?? '/', `http://${host}`);
      let filePath = normalize(join(root, decodeURIComponent(pathname)));
      if (filePath !== root && !filePath.startsWith(root + sep)) {
        response.writeHead(403).end();
        return;
      }
      let info = await stat(filePath).catch(() => null);
      if (info?.isDirectory()) {
        filePath = join(filePath, 'index.html');
        info = await stat(filePath).catch(() => null);
      }
      if (!info?.isFile()) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, {
        'content-type': contentTypes[extname(filePath)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-store',
        // mockServiceWorker.js is served from the root, so its scope may be the whole origin.
        'service-worker-allowed': '/',
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(filePath).pipe(response);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

function pruneObsoleteBaselines(snapshotLog) {
  const written = new Set(
    readFileSync(snapshotLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((identifier) => `${identifier}.png`),
  );
  if (!existsSync(baselinesDir)) return [];
  return readdirSync(baselinesDir).filter((file) => file.endsWith('.png') && !written.has(file));
}

/** One line on the layout guard's own cost: the time it spent in the page, over all checks. */
function reportGuardTime(guardLog) {
  if (!existsSync(guardLog)) return;
  const rows = readFileSync(guardLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const total = rows.reduce((sum, row) => sum + Number(row[2]), 0);
  const slowest = rows.reduce((max, row) => Math.max(max, Number(row[2])), 0);
  log(
    `layout guard: ${rows.length} checks, ${(total / 1000).toFixed(1)} s in the page in all ` +
      `(${rows.length ? (total / rows.length).toFixed(1) : 0} ms each on average, slowest ` +
      `${slowest.toFixed(0)} ms)`,
  );
}

/**
 * Baselines of deleted or renamed stories: removed on --update, reported otherwise. Only a full,
 * green run knows the complete set.
 */
function reportObsoleteBaselines(snapshotLog) {
  const partial = runnerArgs.length > 0 || Boolean(process.env.STORYBOOK_TEST_WIDTHS);
  if (partial || !existsSync(snapshotLog)) return;
  for (const file of pruneObsoleteBaselines(snapshotLog)) {
    if (update) {
      rmSync(join(baselinesDir, file));
      log(`deleted obsolete baseline ${file}`);
    } else {
      console.warn(`test-storybook: obsolete baseline ${file} (run with --update to delete it)`);
    }
  }
}

async function main() {
  if (build) {
    log(`building Storybook into ${staticDir}`);
    const buildCode = await run(
      'pnpm',
      ['exec', 'storybook', 'build', '--quiet', '-o', staticDir],
      {
        env: { STORYBOOK_DISABLE_TELEMETRY: '1' },
        timeoutMs: runTimeoutMs,
      },
    );
    if (buildCode !== 0) {
      console.error('test-storybook: the Storybook build failed');
      return buildCode;
    }
  }
  if (!existsSync(join(staticDir, 'index.json'))) {
    console.error(`test-storybook: ${staticDir} has no index.json; build Storybook first`);
    return 1;
  }

  let server;
  try {
    server = await serveStatic(staticDir);
  } catch (error) {
    console.error(`test-storybook: cannot listen on ${host}:${port}: ${error.message}`);
    return 1;
  }
  const url = `http://${host}:${port}`;
  log(`serving storybook-static on ${url}`);

  const workDir = mkdtempSync(join(tmpdir(), 'test-storybook-'));
  const snapshotLog = join(workDir, 'baselines.txt');
  // One line per guard check (story, situation, ms, text nodes, findings); kept if asked for.
  const guardLog = process.env.STORYBOOK_LAYOUT_GUARD_LOG ?? join(workDir, 'layout-guard.tsv');
  let failed = false;
  try {
    log(`testing every story at each of its widths${update ? ' (updating baselines)' : ''}`);
    const code = await run(
      'pnpm',
      [
        'exec',
        'test-storybook',
        '--url',
        url,
        '--index-json',
        '--maxWorkers',
        workers,
        ...(update ? ['--updateSnapshot'] : ['--ci']),
        ...runnerArgs,
      ],
      {
        env: {
          STORYBOOK_SNAPSHOT_LOG: snapshotLog,
          STORYBOOK_LAYOUT_GUARD_LOG: guardLog,
          STORYBOOK_DISABLE_TELEMETRY: '1',
          // Never let Playwright fetch a browser: the config points at Debian's chromium.
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        },
        timeoutMs: runTimeoutMs,
      },
    );
    failed = code !== 0;
    reportGuardTime(guardLog);

    if (!failed) reportObsoleteBaselines(snapshotLog);
  } finally {
    await new Promise((resolvePromise) => {
      server.close(resolvePromise);
      server.closeAllConnections();
    });
    rmSync(workDir, { recursive: true, force: true });
  }

  if (failed) {
    console.error('test-storybook: some stories failed (see above)');
    if (!update) {
      console.error(
        'test-storybook: a story without a baseline reports "New snapshot was not written"; ' +
          'write baselines with `pnpm test-storybook --update`, review them, then rerun.',
      );
    }
    return 1;
  }
  log('all stories passed at all their widths');
  return 0;
}

process.exitCode = await main();
