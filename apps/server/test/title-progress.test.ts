import { describe, expect, it } from 'vitest';
import { daysSince, titleProgress, utcDateDaysBefore } from '../src/modules/tutors/service.ts';
import { DEMO_TITLE_THRESHOLDS } from '../src/seed/demo.ts';

const thresholds = DEMO_TITLE_THRESHOLDS.map((row) => ({
  title: row.title,
  minMinutes: row.minMinutes,
}));

describe('titleProgress', () => {
  it('gives the title reached, the next one and the hours left to it', () => {
    expect(titleProgress(0, thresholds)).toEqual({
      currentTitle: 'Volunteer Tutor',
      nextTitle: 'Rising Tutor',
      hoursUntilPromotion: 10,
    });
    expect(titleProgress(2445, thresholds)).toEqual({
      currentTitle: 'Dedicated Tutor',
      nextTitle: 'Senior Tutor',
      hoursUntilPromotion: 9.25,
    });
    // Exactly on a threshold: that title is reached.
    expect(titleProgress(600, thresholds).currentTitle).toBe('Rising Tutor');
    expect(titleProgress(599, thresholds)).toMatchObject({
      currentTitle: 'Volunteer Tutor',
      hoursUntilPromotion: 0.02,
    });
  });

  it('has no next title (null hours) past the highest threshold', () => {
    expect(titleProgress(6000 + 1, thresholds)).toEqual({
      currentTitle: 'Mentor Tutor',
      nextTitle: null,
      hoursUntilPromotion: null,
    });
  });

  it('does not depend on the order of the thresholds', () => {
    expect(titleProgress(1600, [...thresholds].reverse())).toEqual(titleProgress(1600, thresholds));
  });

  it('without a threshold at 0 hours, a beginner has no title yet', () => {
    expect(titleProgress(30, [{ title: 'Rising Tutor', minMinutes: 600 }])).toEqual({
      currentTitle: null,
      nextTitle: 'Rising Tutor',
      hoursUntilPromotion: 9.5,
    });
  });
});

describe('day arithmetic (UTC)', () => {
  const now = new Date('2026-03-15T23:30:00Z');
  it('counts whole days since a date', () => {
    expect(daysSince('2026-03-15', now)).toBe(0);
    expect(daysSince('2026-03-04', now)).toBe(11);
    expect(daysSince('2026-02-15', now)).toBe(28);
    expect(daysSince('2026-03-16', now)).toBe(0);
  });
  it('finds the date n days before', () => {
    expect(utcDateDaysBefore(now, 29)).toBe('2026-02-14');
  });
});
