// Quiet hours in someone's own time zone: the family's (texts written late are held until the
// morning) and the tutor's (notifications are held, then sent as one digest). The wall clock of a
// time zone comes from Intl (the runtime's time zone data), so daylight saving time is followed
// without a library: 08:00 in New York is 12:00 UTC in summer and 13:00 in winter.

/** Quiet hours as local 'HH:MM' times; a start after the end runs past midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: making one costs far more than using it. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at `at`. */
export function wallClockAt(at: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** Minutes since midnight of an 'HH:MM' time. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** How far `timeZone` is ahead of UTC at `at`, in ms (to the minute). */
function offsetAt(at: number, timeZone: string): number {
  const wall = wallClockAt(new Date(at), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(at / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time happens in `timeZone`. A time the clocks skip in spring (02:30
 * on the night they go forward) is read with the offset before the change, so it lands just after.
 */
function instantOf(wall: WallClock, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

/**
 * When the quiet hours that `at` falls in end (the next `end` on the wall clock of `timeZone`), or
 * undefined when `at` is not within them.
 */
export function quietHoursEnd(at: Date, hours: QuietHours, timeZone: string): Date | undefined {
  const wall = wallClockAt(at, timeZone);
  const now = wall.hour * 60 + wall.minute;
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  const quiet = start < end ? now >= start && now < end : now >= start || now < end;
  if (!quiet) return undefined;
  // Before the end today (past midnight, or hours within one day), or else tomorrow's end.
  const endDay = now < end ? wall : nextDay(wall);
  return instantOf({ ...endDay, hour: Math.floor(end / 60), minute: end % 60 }, timeZone);
}

/** The same wall-clock date a day later (the calendar's, not 24 hours: DST days differ). */
function nextDay(wall: WallClock): WallClock {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return {
    ...wall,
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  };
}

/** 'HH:MM-HH:MM' as stored and configured, or 'none' / null for none. */
export function parseQuietHours(value: string | null | undefined): QuietHours | null {
  if (!value || value === 'none') return null;
  const [start, end] = value.split('-');
  return start && end ? { start, end } : null;
}

export function formatQuietHours(hours: QuietHours | null): string {
  return hours ? `${hours.start}-${hours.end}` : 'none';
}
