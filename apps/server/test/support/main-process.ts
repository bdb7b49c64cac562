// The real entry point (src/main.ts) as a child process, as `npm start` and the deployed server run
// it: only the environment it is given, its output collected, killed at the end of the test that
// started it if it still runs (the test's own stop, or its failure, usually ended it).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface MainProcess {
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/**
 * Starts src/main.ts with PATH, HOME and `env` only, from inside a test. SHUTDOWN_DRAIN_MS is 0
 * unless `env` sets it, so SIGTERM stops it at once (the drain itself is shutdown-drain.test.ts's).
 */
export function startMain(env: Record<string, string | undefined>): MainProcess {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Registered per test, not per file: the suite imports support modules once per worker.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Polls `probe` until it gives a value (neither undefined nor false), or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs: number,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The URL the server prints once it listens. */
export function listeningUrl(main: MainProcess): Promise<string> {
  return waitFor(
    () => main.output().match(/listening at (http:\/\/[^ \n]+)/)?.[1],
    'the server',
    90_000,
  );
}
