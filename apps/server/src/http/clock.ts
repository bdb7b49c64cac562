// The app's clock: every route, job and provider reads the time through it (context.now()). Outside
// production the development route POST /api/dev/clock moves it, so a test on the running stack
// can see what happens at 08:00 tomorrow (a held text sent, a digest of notifications) without
// waiting for it. In production nothing moves it: its offset stays 0. Sign-in tokens are checked
// against the machine's own time (firebase-admin, verified-token-cache.ts), never this one, so a
// moved clock does not sign anyone out.

export interface Clock {
  now(): Date;
  /** How far the clock is moved from the underlying time, in ms (0 unless moved). */
  offsetMs(): number;
  /** Moves the clock by `ms` (negative: back). */
  advance(ms: number): void;
  /** Moves the clock so that it reads `at` now. */
  set(at: Date): void;
  /** Back to the underlying time. */
  reset(): void;
}

export function createClock(underlying: () => Date): Clock {
  let offset = 0;
  return {
    now: () => (offset === 0 ? underlying() : new Date(underlying().getTime() + offset)),
    offsetMs: () => offset,
    advance(ms) {
      offset += ms;
    },
    set(at) {
      offset = at.getTime() - underlying().getTime();
    },
    reset() {
      offset = 0;
    },
  };
}
