// `npm start` and `npm test` enter here. On a fresh machine (Node ≥ 20.19 and npm only) this installs
// what the chosen command needs — pnpm, the workspace's dependencies, and for the tests Debian's
// chromium, the pinned fonts and PostgreSQL — then hands over to scripts/start.mjs or scripts/test.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPostgresBin } from './lib/postgres.mjs';
import { read, repoRoot, run } from './lib/process.mjs';

const mode = process.argv[2];
const forwarded = process.argv.slice(3);
if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test [args]');
  process.exit(2);
}

const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 20 || (nodeMajor === 20 && nodeMinor < 19)) {
  console.error(
    `Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`,
  );
  process.exit(1);
}

const step = (text) => console.log(`\n▸ ${text}`);
const fail = (text) => {
  console.error(`\n✖ ${text}`);
  process.exit(1);
};

// pnpm: the exact version recorded in package.json, installed through npm (corepack's download
// cannot be verified on machines without internet).
const pnpmVersion = JSON.parse(
  readFileSync(join(repoRoot, 'package.json'), 'utf8'),
).packageManager.split('@')[1];
if (read('pnpm', ['--version']) !== pnpmVersion) {
  step(`Installing pnpm ${pnpmVersion} with npm`);
  if (
    (await run('npm', [
      'install',
      '--global',
      '--no-fund',
      '--no-audit',
      `pnpm@${pnpmVersion}`,
    ])) !== 0
  ) {
    fail(`Could not install pnpm ${pnpmVersion}. Try: npm install --global pnpm@${pnpmVersion}`);
  }
}

// System packages from Debian, only those that are missing.
const systemPackages = [];
if (mode === 'test') {
  if (!existsSync('/usr/bin/chromium')) systemPackages.push('chromium');
  if (!existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'))
    systemPackages.push('fonts-dejavu-core');
  if (!existsSync('/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf'))
    systemPackages.push('fonts-liberation2');
  if (!findPostgresBin()) systemPackages.push('postgresql');
}
if (systemPackages.length > 0) {
  step(`Installing Debian packages: ${systemPackages.join(' ')}`);
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(asRoot ? [] : ['apt-get']), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (
    (await apt(['update', '-q'])) !== 0 ||
    (await apt(['install', '-y', '-q', '--no-install-recommends', ...systemPackages])) !== 0
  ) {
    fail(
      `Could not install ${systemPackages.join(' ')} with apt-get (run as root, or install them yourself).`,
    );
  }
}

step('Installing dependencies with pnpm');
const installEnv = {
  ...process.env,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  CI: process.env.CI ?? 'true',
};
if (
  (await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { env: installEnv })) !==
  0
) {
  fail('pnpm install failed.');
}

const script = join(repoRoot, 'scripts', `${mode}.mjs`);
const child = (await import('node:child_process')).spawn(process.execPath, [script, ...forwarded], {
  stdio: 'inherit',
  cwd: repoRoot,
});
// Ctrl-C reaches the whole foreground process group; the child handles it and stops its services.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
