// The notification settings page's form (issue 35), without React: what the page edits (a draft
// of the stored settings), what it sends, what is wrong with it, a phone number typed as people
// write it, and the lists the time and time-zone fields choose from.
import type { components } from '@tutoring/api/schema';
import type { SelectOption } from '@tutoring/ui/components/SelectField/SelectField';

export type NotificationSettings = components['schemas']['NotificationSettings'];
export type NotificationSettingsUpdate = components['schemas']['NotificationSettingsUpdate'];
export type NotificationChannel = NotificationSettings['channel'];

/** What the page edits and saves together: the channel, the quiet hours and the time zone. */
export interface SettingsDraft {
  channel: NotificationChannel;
  quietHoursOn: boolean;
  /** 'HH:MM', kept while quiet hours are off so turning them on again restores them. */
  start: string;
  end: string;
  timeZone: string;
}

/** The quiet hours a tutor who turns them on starts from (the default). */
export const defaultQuietHours = { start: '21:00', end: '08:00' } as const;

/** Whether this browser knows the IANA time zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone ('UTC' where it cannot tell). */
export function deviceTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

/**
 * The draft the page starts from: the stored settings, with the default quiet hours kept ready
 * while they are off, and the browser's time zone when the stored one is missing or unknown.
 */
export function draftOf(settings: NotificationSettings, browserZone: string): SettingsDraft {
  const hours = settings.quietHours ?? defaultQuietHours;
  return {
    channel: settings.channel,
    quietHoursOn: settings.quietHours !== null,
    start: hours.start,
    end: hours.end,
    timeZone: isKnownTimeZone(settings.timeZone) ? settings.timeZone : browserZone,
  };
}

/** What PUT /tutor/notification-settings is sent for a draft. */
export function updateOf(draft: SettingsDraft): NotificationSettingsUpdate {
  return {
    channel: draft.channel,
    quietHours: draft.quietHoursOn ? { start: draft.start, end: draft.end } : null,
    timeZone: draft.timeZone,
  };
}

/** Whether saving the draft would change the stored settings. */
export function hasChanges(draft: SettingsDraft, settings: NotificationSettings): boolean {
  const stored = updateOf(draftOf(settings, settings.timeZone));
  return JSON.stringify(updateOf(draft)) !== JSON.stringify(stored);
}

/** What keeps a draft from being saved, by field; empty when it can be. */
export interface DraftProblems {
  channel?: string;
  quietHours?: string;
  timeZone?: string;
}

/**
 * Why the draft cannot be saved: texts without a verified phone (the server answers 409), quiet
 * hours that start when they end, a time zone the browser does not know.
 */
export function draftProblems(
  draft: SettingsDraft,
  phone: NotificationSettings['phone'],
): DraftProblems {
  const problems: DraftProblems = {};
  if (draft.channel === 'text' && !phone?.verified) {
    problems.channel =
      'Texts need a verified phone: verify your number below, or choose e-mail or no notifications.';
  }
  if (draft.quietHoursOn && draft.start === draft.end) {
    problems.quietHours = 'Quiet hours must start and end at different times.';
  }
  if (!isKnownTimeZone(draft.timeZone)) {
    problems.timeZone = 'Choose a time zone from the list.';
  }
  return problems;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

/**
 * A phone number as people write it, in E.164 for the server, or null when it cannot be one: a
 * number with its country code (+44 20 7946 0000), or a North American one without it, as
 * (510) 555-0123, 510.555.0123 or 1 510 555 0123 (the organisation's families and tutors are in
 * the United States).
 */
export function toE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\+?[0-9\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let number: string;
  if (trimmed.startsWith('+')) number = `+${digits}`;
  else if (digits.length === 10) number = `+1${digits}`;
  else if (digits.length === 11 && digits.startsWith('1')) number = `+${digits}`;
  else return null;
  return E164.test(number) ? number : null;
}

/** A time of day 'HH:MM' as the browser's locale writes it ('9:00 PM', '21:00'). */
export function timeLabel(time: string, locale?: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** Every half hour of the day, and any other time given (a stored '21:15'), in order. */
export function timeOptions(including: readonly string[] = [], locale?: string): SelectOption[] {
  const times = new Set<string>(including);
  for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    times.add(`${hh}:${mm}`);
  }
  return [...times].sort().map((value) => ({ value, label: timeLabel(value, locale) }));
}

/** An IANA zone as a person reads it: 'America/New_York' as 'America/New York'. */
export function timeZoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** The zones the browser knows, with any given (the stored one, the device's), sorted. */
export function timeZoneOptions(including: readonly string[] = []): SelectOption[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([...known, ...including.filter(isKnownTimeZone)]);
  return [...zones].sort().map((value) => ({ value, label: timeZoneLabel(value) }));
}
