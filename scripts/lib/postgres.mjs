// A throwaway PostgreSQL for the test run: initdb + pg_ctl on 127.0.0.1, no systemd needed.
// PostgreSQL refuses to run as root, so as root every command runs as the `postgres` user.
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { read, run } from './process.mjs';

export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(base, versions[0], 'bin') : null;
}

/**
 * A PostgreSQL client tool (`createdb`, `dropdb`, `psql`) against the server at `adminUrl` as its
 * user; the tool's output, or null when it failed.
 */
export function postgresTool(adminUrl, name, args) {
  return read(join(findPostgresBin() ?? '', name), [
    '-h',
    adminUrl.hostname,
    '-p',
    adminUrl.port,
    '-U',
    adminUrl.username || 'postgres',
    ...args,
  ]);
}

/** A new database on the server at `adminUrl`; its URL. */
export function createDatabase(adminUrl, name) {
  if (postgresTool(adminUrl, 'createdb', [name]) === null) {
    throw new Error(`createdb ${name} failed`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url;
}

/**
 * `settings`: extra server settings (`-c name=value`), e.g. the benchmark's auto_explain. The
 * answer's `logFile` is the server log (auto_explain writes its plans there).
 */
export async function startPostgres({ port, settings = {} }) {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error('PostgreSQL is not installed (expected /usr/lib/postgresql/<version>/bin).');
  const asRoot = process.getuid?.() === 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'tutoring-pg-'));
  if (asRoot) {
    const uid = Number(read('id', ['-u', 'postgres']));
    const gid = Number(read('id', ['-g', 'postgres']));
    chownSync(dataDir, uid, gid);
  }
  chmodSync(dataDir, 0o700);
  const asPostgres = (command, args) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const quietRun = (command, args) =>
    asRoot ? read('runuser', ['-u', 'postgres', '--', command, ...args]) : read(command, args);

  if (
    quietRun(join(bin, 'initdb'), [
      '-D',
      join(dataDir, 'data'),
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
    ]) === null
  ) {
    throw new Error('initdb failed.');
  }
  const extra = Object.entries(settings)
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join('');
  const options = `-h 127.0.0.1 -p ${port} -k ${dataDir} -F -c max_connections=200${extra}`;
  const pgCtl = (args) => asPostgres(join(bin, 'pg_ctl'), ['-D', join(dataDir, 'data'), ...args]);
  const startServer = async () => {
    const code = await pgCtl([
      '-o',
      options,
      '-l',
      join(dataDir, 'server.log'),
      '-w',
      '-s',
      'start',
    ]);
    if (code !== 0) {
      throw new Error(`PostgreSQL did not start (see ${join(dataDir, 'server.log')}).`);
    }
  };
  const stopServer = () => pgCtl(['-m', 'fast', '-w', '-s', 'stop']);
  await startServer();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: join(dataDir, 'server.log'),
    /** The postmaster's process id (its backends are its children), for CPU accounting. */
    pid: () => Number(readFileSync(join(dataDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    /**
     * An outage: the server stops (its connections are ended, the port refuses), the data stays;
     * `startServer` starts it again on the same data and port.
     */
    async stopServer() {
      if ((await stopServer()) !== 0) throw new Error('PostgreSQL did not stop.');
    },
    startServer,
    async stop() {
      await stopServer();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
