/** Days back (exclusive) within which a message is labelled with its weekday (spec §2). */
const weekdayWindowDays = 7;

const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const fullDateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Local midnight of a date, as a day count that ignores daylight-saving hour shifts. */
function localDayNumber(date: Date): number {
  return Math.round(
    Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / (24 * 60 * 60 * 1000),
  );
}

/**
 * The date-group label of a message (spec §2 messenger): 'Today', 'Yesterday', the weekday name
 * for the 5 days before that, otherwise the full date ('Monday, March 3, 2025'). Calendar days
 * are compared in the browser's time zone; `now` is a parameter so tests use a fixed clock.
 * A date after `now` (clock skew) counts as today.
 */
export function messageDateLabel(date: Date, now: Date): string {
  const daysAgo = localDayNumber(now) - localDayNumber(date);
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo < weekdayWindowDays) return weekdayFormat.format(date);
  return fullDateFormat.format(date);
}

/** The time of a message, e.g. '3:05 PM'. */
export function messageTimeLabel(date: Date): string {
  return timeFormat.format(date);
}

export interface DateGroup<T> {
  /** Stable key of the calendar day (yyyy-m-d, local time). */
  key: string;
  label: string;
  items: T[];
}

/**
 * Groups items by local calendar day in date order (oldest first, as a chat reads), each group
 * labelled by `messageDateLabel`. Items with an unparseable date are left out.
 */
export function groupByMessageDate<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  now: Date,
): DateGroup<T>[] {
  const dated = items
    .map((item) => ({ item, date: new Date(dateOf(item)) }))
    .filter(({ date }) => !Number.isNaN(date.getTime()))
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  const groups: DateGroup<T>[] = [];
  for (const { item, date } of dated) {
    const key = `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
    const last = groups.at(-1);
    if (last && last.key === key) {
      last.items.push(item);
    } else {
      groups.push({ key, label: messageDateLabel(date, now), items: [item] });
    }
  }
  return groups;
}

const longDateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/**
 * An announcement's date, e.g. 'March 14, 2025' (local time). An unparseable value is shown
 * as given rather than as 'Invalid Date'.
 */
export function longDateLabel(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : longDateFormat.format(date);
}
