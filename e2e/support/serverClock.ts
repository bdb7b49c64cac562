import { type APIRequestContext, expect } from '@playwright/test';

// The server's development clock (POST /api/dev/clock): every route and background job reads the
// time through it, and moving it runs one pass of the jobs (held texts due, notifications) before
// it answers. Sign-in tokens keep the machine's own time, so a moved clock signs no one out.

export interface ServerClock {
  now: string;
  offsetMs: number;
}

async function moveClock(request: APIRequestContext, body: object): Promise<ServerClock> {
  const response = await request.post('/api/dev/clock', { data: body });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerClock;
}

/** Sets the server's clock to `at` (and runs the jobs due then). */
export const setServerClock = (request: APIRequestContext, at: Date) =>
  moveClock(request, { to: at.toISOString() });

/** Moves the server's clock forward by `ms` (and runs the jobs due then). */
export const advanceServerClock = (request: APIRequestContext, ms: number) =>
  moveClock(request, { advanceMs: ms });

/** Back to the machine's time: every spec that moves the clock resets it when it ends. */
export const resetServerClock = (request: APIRequestContext) => moveClock(request, { reset: true });

/**
 * The hours east of UTC of a fixed-offset zone such as the e2e stack's organisation zone
 * ('Etc/GMT-3' is UTC+3: the sign of Etc names is reversed), or 0 for Etc/UTC.
 */
export function fixedZoneOffsetHours(zone: string): number {
  if (zone === 'Etc/UTC') return 0;
  const match = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (!match) throw new Error(`not a fixed-offset Etc zone: ${zone}`);
  return (match[1] === '-' ? 1 : -1) * Number(match[2]);
}

/** Today's `hour`:00 in a fixed-offset zone, as an instant. */
export function todayAtLocalHour(zone: string, hour: number, now = new Date()): Date {
  const offset = fixedZoneOffsetHours(zone);
  const local = new Date(now.getTime() + offset * 3_600_000);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour - offset),
  );
}
