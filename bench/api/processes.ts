// Processes: everything the benchmark starts is stopped, by its own handle, whatever happens (at
// the end, on error and on Ctrl-C). Also the run's temporary folder and its output.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, waitForUrl } from '../../scripts/lib/process.mjs';

/** What to stop at the end, in reverse order of starting. */
export const stops: Array<{ name: string; stop: () => Promise<void> }> = [];
let stopping: Promise<void> | undefined;
export function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const { name, stop } of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(`Stopping ${name} failed:`, error);
      }
    }
  })();
  return stopping;
}

/** On Ctrl-C (or SIGTERM), everything started is stopped before the process exits. */
export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the benchmark started…`);
      stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}

let temporaryFolder: string | undefined;
/** Makes the run's temporary folder (logs, PGlite's data), removed when everything stops. */
export function makeTemporaryFolder(): void {
  const tmp = mkdtempSync(join(tmpdir(), 'tutoring-bench-api-'));
  temporaryFolder = tmp;
  stops.push({
    name: 'temporary folder',
    stop: async () => rmSync(tmp, { recursive: true, force: true }),
  });
}

/** A path in the run's temporary folder. */
export function tmpPath(name: string): string {
  if (!temporaryFolder) throw new Error('makeTemporaryFolder() first');
  return join(temporaryFolder, name);
}

export function log(line: string) {
  console.log(line);
}

export function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
) {
  const fd = openSync(logFile, 'a');
  // TypeScript entry points run through tsx; the server's (server.mjs) is plain JavaScript.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const service = startService(name, process.execPath, [...nodeArgs, ...loader, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const handle = { name, stop: () => service.stop() };
  stops.push(handle);
  return {
    service,
    pid: service.child.pid as number,
    async stop() {
      await service.stop();
      stops.splice(stops.indexOf(handle), 1);
    },
    logTail: () => {
      try {
        return readFileSync(logFile, 'utf8').slice(-4000);
      } catch {
        return '';
      }
    },
  };
}

export type StartedNode = ReturnType<typeof startNode>;

/** Whether something accepts connections on this port of 127.0.0.1. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForServer(url: string, started: StartedNode) {
  try {
    await waitForUrl(url, { timeoutMs: 120_000, service: started.service });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${started.logTail()}`);
  }
}

// ── Memory of the server: VmHWM (the kernel's peak RSS) and polled VmRSS. ──
export function readMemory(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}
