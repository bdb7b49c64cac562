import { defaultNotificationSettings, tutorPhoneNumber } from '@tutoring/api/mocks/fixtures';
import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftProblems,
  hasChanges,
  type NotificationSettings,
  timeLabel,
  timeOptions,
  timeZoneLabel,
  timeZoneOptions,
  toE164,
  updateOf,
} from './settingsForm';

const stored: NotificationSettings = structuredClone(defaultNotificationSettings);
const verifiedPhone = { number: tutorPhoneNumber, verified: true };

describe('draftOf and updateOf (what the page edits and what it saves)', () => {
  it('starts from the stored settings and saves them unchanged', () => {
    const draft = draftOf(stored, 'Europe/Paris');
    expect(draft).toEqual({
      channel: 'email',
      quietHoursOn: true,
      start: '21:00',
      end: '08:00',
      timeZone: 'America/Los_Angeles',
    });
    expect(updateOf(draft)).toEqual({
      channel: 'email',
      quietHours: { start: '21:00', end: '08:00' },
      timeZone: 'America/Los_Angeles',
    });
    expect(hasChanges(draft, stored)).toBe(false);
  });

  it('keeps 21:00 to 08:00 ready while quiet hours are off, and sends null for off', () => {
    const draft = draftOf({ ...stored, quietHours: null }, 'UTC');
    expect(draft).toMatchObject({ quietHoursOn: false, start: '21:00', end: '08:00' });
    expect(updateOf(draft).quietHours).toBeNull();
    expect(hasChanges({ ...draft, quietHoursOn: true }, { ...stored, quietHours: null })).toBe(
      true,
    );
  });

  it("takes the browser's time zone when the stored one is unknown", () => {
    expect(draftOf({ ...stored, timeZone: 'Mars/Olympus' }, 'Europe/Paris').timeZone).toBe(
      'Europe/Paris',
    );
  });
});

describe('draftProblems', () => {
  const draft = draftOf(stored, 'UTC');

  it('asks for a verified phone before texts', () => {
    expect(draftProblems({ ...draft, channel: 'text' }, null).channel).toMatch(
      /^Texts need a verified phone/,
    );
    expect(
      draftProblems({ ...draft, channel: 'text' }, { ...verifiedPhone, verified: false }).channel,
    ).toBeDefined();
    expect(draftProblems({ ...draft, channel: 'text' }, verifiedPhone)).toEqual({});
  });

  it('refuses quiet hours that start when they end, and an unknown time zone', () => {
    expect(draftProblems({ ...draft, start: '08:00', end: '08:00' }, null).quietHours).toBe(
      'Quiet hours must start and end at different times.',
    );
    // Off, the times do not matter.
    expect(
      draftProblems({ ...draft, quietHoursOn: false, start: '08:00', end: '08:00' }, null),
    ).toEqual({});
    expect(draftProblems({ ...draft, timeZone: 'Nowhere/Else' }, null).timeZone).toBe(
      'Choose a time zone from the list.',
    );
  });
});

describe('toE164 (a phone number as people write it)', () => {
  it('reads North American numbers with or without the 1, and any number with its +', () => {
    expect(toE164('(510) 555-0188')).toBe('+15105550188');
    expect(toE164('510.555.0188')).toBe('+15105550188');
    expect(toE164('1 510 555 0188')).toBe('+15105550188');
    expect(toE164(' +44 20 7946 0000 ')).toBe('+442079460000');
  });

  it('refuses what cannot be a number', () => {
    expect(toE164('')).toBeNull();
    expect(toE164('555-0188')).toBeNull();
    expect(toE164('call me')).toBeNull();
    expect(toE164('+0 123 456 789')).toBeNull();
    expect(toE164('2 510 555 0188')).toBeNull();
  });
});

describe('the lists the fields choose from', () => {
  it('offers every half hour in order, with a stored time in its place', () => {
    const options = timeOptions(['21:15'], 'en-US');
    expect(options).toHaveLength(49);
    expect(options[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(options.map((option) => option.value)).toContain('21:15');
    expect(options.find((option) => option.value === '21:00')?.label).toBe('9:00 PM');
    expect(timeLabel('20:00', 'en-GB')).toBe('20:00');
  });

  it('names zones as people read them and always includes the stored one', () => {
    expect(timeZoneLabel('America/Los_Angeles')).toBe('America/Los Angeles');
    const zones = timeZoneOptions(['America/Chicago', 'Not/AZone']);
    expect(zones.map((zone) => zone.value)).toContain('America/Chicago');
    expect(zones.map((zone) => zone.value)).not.toContain('Not/AZone');
    const values = zones.map((zone) => zone.value);
    expect([...values].sort()).toEqual(values);
  });
});
