// Child-process helpers shared by the start and test scripts. Plain Node, no dependencies: these
// scripts run before `pnpm install` has finished on a fresh machine.
import { spawn, spawnSync } from 'node:child_process';

export const repoRoot = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** Runs a command to completion with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command synchronously and returns trimmed stdout, or null when it fails. */
export function read(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: repoRoot, ...options });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * Starts a long-running service in its own process group, so that stopping it also stops whatever
 * it spawned (firebase-tools and tsx both start grandchildren).
 */
export function startService(name, command, args, options = {}) {
  const { quiet = false, ...spawnOptions } = options;
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    ...spawnOptions,
  });
  let output = '';
  if (quiet) {
    const keep = (chunk) => {
      output = (output + chunk).slice(-20000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    name,
    child,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 8000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls a URL until it answers (any HTTP status below 500), or throws after the timeout. */
export async function waitForUrl(url, { timeoutMs = 120000, service } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service && service.child.exitCode !== null) {
      throw new Error(`${service.name} exited before ${url} answered.\n${service.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return response;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `Timed out after ${timeoutMs / 1000} s waiting for ${url}.${service ? `\n${service.output()}` : ''}`,
  );
}

/** Calls `stop` on SIGINT/SIGTERM once, then exits with the given code. */
export function onShutdown(stop) {
  let stopping = false;
  const handler = async (signal) => {
    if (stopping) return;
    stopping = true;
    await stop(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
