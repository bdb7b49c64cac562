import { describe, expect, it } from 'vitest';
import { formatInterviewDate } from './formatInterviewDate';

describe('the onboarding chat date', () => {
  it('reads as a full date and a time in the given zone', () => {
    expect(formatInterviewDate('2026-11-12T18:00:00.000Z', 'en-US', 'UTC')).toMatch(
      /^Thursday, November 12, 2026 at 6:00\s?PM$/,
    );
    expect(formatInterviewDate('2026-11-12T18:00:00.000Z', 'en-US', 'America/Los_Angeles')).toMatch(
      /^Thursday, November 12, 2026 at 10:00\s?AM$/,
    );
  });

  it('shows an unreadable value as it came rather than "Invalid Date"', () => {
    expect(formatInterviewDate('next Tuesday', 'en-US', 'UTC')).toBe('next Tuesday');
  });
});
