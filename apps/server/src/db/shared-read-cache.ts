// A read whose answer is the same for every tutor (title thresholds, weekly and portal
// announcements), kept in the process for a short while instead of repeated on every request.
//
// Freshness: a write through this server (the integration API) calls invalidate(), so the next
// request reads again; on PostgreSQL every other instance of the server is told too, through
// LISTEN/NOTIFY (app/shared-reads.ts). Writes no instance takes (the CSV import command, SQL by
// hand) show within `maxAgeMs`, as do writes whose notification was lost (a listener that
// reconnects drops its copies).

export interface SharedReadCache<T> {
  get(): Promise<T>;
  /**
   * Forgets the copy: the next get() reads the database. A cache shared by instances
   * (app/shared-reads.ts) answers a promise, settled once the other instances have been told.
   */
  invalidate(): void | Promise<void>;
}

/** How long a copy serves when no write of this process dropped it. */
export const SHARED_READ_MAX_AGE_MS = 30_000;

export function createSharedReadCache<T>(
  read: () => Promise<T>,
  options: { maxAgeMs?: number; clock?: () => number } = {},
): SharedReadCache<T> & { invalidate(): void } {
  const maxAgeMs = options.maxAgeMs ?? SHARED_READ_MAX_AGE_MS;
  // A monotonic clock, not the app's `now` (tests move that one to other days).
  const clock = options.clock ?? (() => performance.now());
  let copy: { value: T; readAt: number } | undefined;
  let reading: Promise<T> | undefined;
  // Bumped by invalidate(): a read that started before a write must not be kept as fresh.
  let generation = 0;

  async function readAndKeep(): Promise<T> {
    const startedAt = clock();
    const startedGeneration = generation;
    const value = await read();
    if (startedGeneration === generation) copy = { value, readAt: startedAt };
    return value;
  }

  return {
    get() {
      if (copy && clock() - copy.readAt < maxAgeMs) return Promise.resolve(copy.value);
      if (reading) return reading;
      // Concurrent requests after expiry share one read.
      const pending = readAndKeep().finally(() => {
        if (reading === pending) reading = undefined;
      });
      reading = pending;
      return pending;
    },
    invalidate() {
      generation += 1;
      copy = undefined;
      reading = undefined;
    },
  };
}
