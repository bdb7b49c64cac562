#!/usr/bin/env node
// Publishes the Storybook to Chromatic for hosted visual review, only when a project token is
// set. Without network access the chromatic CLI retries for ever, so it runs under a hard
// timeout (CHROMATIC_TIMEOUT_MS, default 10 minutes) and its whole process group is killed then.
//
//   CHROMATIC_PROJECT_TOKEN=... node scripts/chromatic.mjs [extra chromatic flags]
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const timeoutMs = Number(process.env.CHROMATIC_TIMEOUT_MS ?? 10 * 60 * 1000);

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    'chromatic: skipped, CHROMATIC_PROJECT_TOKEN is not set (hosted visual review needs a ' +
      'Chromatic project token; the committed screenshot baselines are checked by ' +
      '`pnpm test-storybook` instead).',
  );
  process.exit(0);
}

// The token is read by the CLI from the environment, so it never appears in a process listing.
const args = [
  'exec',
  'chromatic',
  '--ci',
  '--build-script-name',
  'build-storybook',
  '--exit-zero-on-changes',
  '--skip-update-check',
  ...process.argv.slice(2),
];

const child = spawn('pnpm', args, {
  cwd: repoRoot,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  detached: true,
});

const killGroup = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};

let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  console.error(
    `chromatic: no result after ${timeoutMs / 1000} s (service unreachable?); stopping`,
  );
  killGroup('SIGTERM');
  setTimeout(() => killGroup('SIGKILL'), 5000).unref();
}, timeoutMs);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => killGroup(signal));
}

child.on('error', (error) => {
  console.error(`chromatic: cannot start the CLI: ${error.message}`);
});

child.on('close', (code, signal) => {
  clearTimeout(timer);
  if (timedOut) {
    process.exit(124);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
