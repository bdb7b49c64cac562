// The Node and pnpm this project runs on, kept inside the project in `.tools/` so that neither the
// machine's global Node nor its pnpm changes. Plain Node, no dependencies, and written for the
// oldest Node the entry point accepts (20.19): this runs before the pinned Node exists.
//
// Node comes from the npm registry's `node-<platform>-<arch>` package (the binary the `node`
// package installs), fetched with `npm pack`, which checks the registry's integrity hash; pnpm is
// the version of package.json's packageManager, installed with npm into `.tools/`.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { read, repoRoot, run } from './process.mjs';

/** The pinned Node version, as version managers read it. */
export const pinnedNodeVersion = readFileSync(join(repoRoot, '.nvmrc'), 'utf8').trim();
export const pinnedNodeMajor = Number(pinnedNodeVersion.split('.')[0]);
export const pnpmVersion = JSON.parse(
  readFileSync(join(repoRoot, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

const toolsDir = join(repoRoot, '.tools');
/** `node` and `pnpm` of the project; put first on PATH by the entry point. */
export const toolsBin = join(toolsDir, 'bin');

/** Whether this Node is of a supported line (the pinned major or newer). */
export function isSupportedNode(version = process.versions.node) {
  return Number(version.split('.')[0]) >= pinnedNodeMajor;
}

/** PATH with the project's tools first. */
export function pathWithTools(path = process.env.PATH ?? '') {
  return [toolsBin, ...path.split(':').filter((entry) => entry && entry !== toolsBin)].join(':');
}

function link(target, name) {
  mkdirSync(toolsBin, { recursive: true });
  rmSync(join(toolsBin, name), { force: true });
  symlinkSync(target, join(toolsBin, name));
}

/**
 * Fetches the pinned Node into `.tools/node-v<version>/` unless it is there, links it as
 * `.tools/bin/node`, and returns its path (undefined when it cannot be fetched).
 */
export async function ensurePinnedNode() {
  const home = join(toolsDir, `node-v${pinnedNodeVersion}`);
  const binary = join(home, 'bin', 'node');
  if (!existsSync(binary)) {
    const platform = process.platform === 'win32' ? 'win' : process.platform;
    const spec = `node-${platform}-${process.arch}@${pinnedNodeVersion}`;
    const download = mkdtempSync(join(tmpdir(), 'tutoring-node-'));
    try {
      if (
        (await run('npm', ['pack', '--silent', '--pack-destination', download, spec], {
          stdio: ['ignore', 'ignore', 'inherit'],
        })) !== 0
      ) {
        return undefined;
      }
      const tarball = readdirSync(download).find((name) => name.endsWith('.tgz'));
      if (!tarball) return undefined;
      const unpacked = join(download, 'unpacked');
      mkdirSync(unpacked);
      if (
        (await run('tar', [
          '-xzf',
          join(download, tarball),
          '-C',
          unpacked,
          'package/bin/node',
        ])) !== 0
      ) {
        return undefined;
      }
      mkdirSync(join(home, 'bin'), { recursive: true });
      // Moved into place last, so that a download cut short never leaves a half binary behind.
      if ((await run('mv', [join(unpacked, 'package', 'bin', 'node'), binary])) !== 0) {
        return undefined;
      }
    } finally {
      rmSync(download, { recursive: true, force: true });
    }
  }
  link(binary, 'node');
  return binary;
}

/**
 * Makes `pnpm` on PATH (with the tools first) the pinned version: the machine's when it is that
 * version, otherwise one installed into `.tools/pnpm-<version>/`. Returns false when it cannot.
 */
export async function ensurePnpm() {
  const env = { ...process.env, PATH: pathWithTools() };
  if (read('pnpm', ['--version'], { env }) === pnpmVersion) return true;
  const home = join(toolsDir, `pnpm-${pnpmVersion}`);
  // npm's link to the package's `pnpm` bin: from pnpm 12 on a native executable (the package's
  // install script puts the platform's binary in place of a launcher that runs it through Node
  // when npm skips install scripts); up to pnpm 10 it was the script bin/pnpm.cjs.
  const script = join(home, 'node_modules', '.bin', 'pnpm');
  if (!existsSync(script)) {
    const installed = await run(
      'npm',
      ['install', '--prefix', home, '--no-save', '--no-fund', '--no-audit', `pnpm@${pnpmVersion}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (installed !== 0) return false;
  }
  link(script, 'pnpm');
  return read('pnpm', ['--version'], { env }) === pnpmVersion;
}
