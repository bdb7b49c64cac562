import type { ChildProcess, SpawnOptions } from 'node:child_process';

/** The repository's root folder (no trailing slash). */
export declare const repoRoot: string;

/** Runs a command to completion with inherited output; resolves to its exit code. */
export declare function run(
  command: string,
  args: string[],
  options?: SpawnOptions,
): Promise<number>;

/** Runs a command synchronously and returns trimmed stdout, or null when it fails. */
export declare function read(
  command: string,
  args: string[],
  options?: SpawnOptions,
): string | null;

/** A long-running process started by startService, in its own process group. */
export interface Service {
  name: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 20,000 characters of its output (quiet services only). */
  output(): string;
  /** SIGTERM to its process group, SIGKILL after 8 s. */
  stop(): Promise<void>;
}

export declare function startService(
  name: string,
  command: string,
  args: string[],
  options?: SpawnOptions & { quiet?: boolean },
): Service;

/** Polls a URL until it answers (any HTTP status below 500), or throws after the timeout. */
export declare function waitForUrl(
  url: string,
  options?: { timeoutMs?: number; service?: Service },
): Promise<Response>;

/** Calls `stop` on SIGINT/SIGTERM once, then exits with the given code. */
export declare function onShutdown(stop: (signal: NodeJS.Signals) => unknown): void;
