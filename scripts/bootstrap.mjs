// `npm start` and `npm test` enter here. On a fresh machine (Node ≥ 20.19 and npm only) this installs
// what the chosen command needs — pnpm, the workspace's dependencies, and for the tests Debian's
// chromium, the pinned fonts and PostgreSQL — then hands over to scripts/start.mjs or scripts/test.mjs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin } from './lib/postgres.mjs';
import { repoRoot, run } from './lib/process.mjs';
import {
  ensurePinnedNode,
  ensurePnpm,
  isSupportedNode,
  pathWithTools,
  pinnedNodeVersion,
  pnpmVersion,
} from './lib/toolchain.mjs';

const mode = process.argv[2];
const forwarded = process.argv.slice(3);
if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test [args]');
  process.exit(2);
}

const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 20 || (nodeMajor === 20 && nodeMinor < 19)) {
  console.error(
    `Node ${process.versions.node} is too old to start this: it needs Node 20.19 or newer, and fetches the Node it runs on (${pinnedNodeVersion}) itself.`,
  );
  process.exit(1);
}

const step = (text) => console.log(`\n▸ ${text}`);
const fail = (text) => {
  console.error(`\n✖ ${text}`);
  process.exit(1);
};

/** Runs this entry point again under `node`, with the project's tools first on PATH. */
function handOver(node, script, args) {
  const child = spawn(node, [script, ...args], {
    stdio: 'inherit',
    cwd: repoRoot,
    env: { ...process.env, PATH: pathWithTools() },
  });
  // Ctrl-C reaches the whole foreground process group; the child handles it and stops its services.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}

// Node: a supported line runs everything. The machine's Node when it is one; otherwise the pinned
// Node, fetched from the npm registry into .tools/ (the machine's global Node stays as it is).
if (!isSupportedNode()) {
  step(
    `Node ${process.versions.node} is past its support: running on Node ${pinnedNodeVersion} from .tools/`,
  );
  const node = await ensurePinnedNode();
  if (!node) fail(`Could not fetch Node ${pinnedNodeVersion} from the npm registry.`);
  handOver(node, fileURLToPath(import.meta.url), process.argv.slice(2));
} else {
  await bootstrap();
}

async function bootstrap() {
  // pnpm: the exact version recorded in package.json; the machine's when it is that one, otherwise
  // installed with npm into .tools/ (corepack's download cannot be verified on machines without
  // internet, and a global install would change the machine's pnpm).
  process.env.PATH = pathWithTools();
  if (!(await ensurePnpm())) {
    fail(`Could not install pnpm ${pnpmVersion} into .tools/ with npm.`);
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
    (await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], {
      env: installEnv,
    })) !== 0
  ) {
    fail('pnpm install failed.');
  }

  handOver(process.execPath, join(repoRoot, 'scripts', `${mode}.mjs`), forwarded);
}
