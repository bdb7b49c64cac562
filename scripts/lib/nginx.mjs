// Debian's nginx for tests that put it in front of the server: installed with apt-get when absent
// (as root), and run from a folder of the test's own with a main configuration written here around
// the test's server blocks, never as the system's service.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { read, run, startService } from './process.mjs';

export const NGINX = '/usr/sbin/nginx';

/**
 * nginx (and openssl, for test certificates) from Debian, installed when missing (as root; the
 * package's own service is not used).
 */
export async function ensureNginx() {
  const missing = [
    ['nginx', read(NGINX, ['-v'])],
    ['openssl', read('openssl', ['version'])],
  ]
    .filter(([, found]) => found === null)
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing.join(', ')} missing: apt-get install them (as root).`);
  }
  console.log(`  installing ${missing.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], { env });
  if (
    (await install()) !== 0 &&
    ((await run('apt-get', ['update', '-q'], { env })) || (await install()))
  ) {
    throw new Error(`apt-get could not install ${missing.join(' ')}`);
  }
}

/**
 * A main configuration in `dir` around `serverBlocks` (what Debian's nginx.conf would include in
 * its http {} block): pid, logs and temporary files in `dir`. Its path.
 */
export function writeNginxConfig(dir, serverBlocks) {
  // Readable by the workers (nobody, when nginx runs as root), which write temporary files here.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'temp'), { recursive: true });
  writeFileSync(join(dir, 'site.conf'), serverBlocks);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(dir, 'temp', kind)};`)
    .join('\n');
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events {
    worker_connections 64;
}
http {
${temp}
    include ${join(dir, 'site.conf')};
}
`,
  );
  return config;
}

/** `nginx -t` of a configuration: null when it is valid, else what nginx said. */
export function testNginxConfig(config, dir) {
  const result = spawnSync(NGINX, ['-t', '-c', config, '-e', join(dir, 'error.log')], {
    encoding: 'utf8',
  });
  return result.status === 0 ? null : `${result.stderr}${result.stdout}` || 'nginx -t failed';
}

/** Whether something already listens on host:port (a run's nginx left behind would answer). */
export function listening(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * nginx in the foreground (its own process group). stop() ends it, and then whatever is left of
 * its process group (its worker).
 */
export function startNginx(config, dir) {
  const service = startService(
    'nginx',
    NGINX,
    ['-c', config, '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    { quiet: true },
  );
  return {
    ...service,
    async stop() {
      await service.stop();
      try {
        process.kill(-service.child.pid, 'SIGKILL');
      } catch {}
    },
  };
}
