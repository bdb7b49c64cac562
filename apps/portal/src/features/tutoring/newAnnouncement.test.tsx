import { act, renderHook } from '@testing-library/react';
import { weeklyAnnouncements } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announcementToPopUp,
  type NewAnnouncementPopupOptions,
  newAnnouncementPopupDelayMs,
  newestWeeklyAnnouncement,
  useNewAnnouncementPopup,
} from './newAnnouncement';

const older = {
  id: 'wa-1',
  title: 'Older',
  content: '<p>1</p>',
  created_at: '2026-11-01T10:00:00Z',
};
const newer = {
  id: 'wa-2',
  title: 'Newer',
  content: '<p>2</p>',
  created_at: '2026-11-15T10:00:00Z',
};

describe('which announcement pops up', () => {
  it('is the newest weekly announcement, in whatever order they come', () => {
    expect(newestWeeklyAnnouncement([older, newer])).toBe(newer);
    expect(newestWeeklyAnnouncement([newer, older])).toBe(newer);
    expect(newestWeeklyAnnouncement([])).toBeNull();
  });

  it('compares instants, not the text: offsets, precision and a leap second', () => {
    // 11:00 at +02:00 is 09:00 UTC: earlier than the newer one's 10:00Z, though its text sorts later.
    const offset = { ...older, id: 'wa-offset', created_at: '2026-11-15T11:00:00+02:00' };
    expect(newestWeeklyAnnouncement([offset, newer])).toBe(newer);
    expect(newestWeeklyAnnouncement([newer, offset])).toBe(newer);
    const precise = { ...older, id: 'wa-precise', created_at: '2026-11-15T10:00:00.5Z' };
    expect(newestWeeklyAnnouncement([newer, precise])).toBe(precise);
    // 23:59:60 is a valid RFC 3339 time that Date.parse cannot read.
    const leap = { ...older, id: 'wa-leap', created_at: '2026-12-31T23:59:60Z' };
    expect(newestWeeklyAnnouncement([older, leap, newer])).toBe(leap);
  });

  it('never takes an announcement whose date cannot be read over one whose date can', () => {
    const undated = { ...older, id: 'wa-undated', created_at: 'not a date' };
    // Listed first, it hid the newer ones: nothing compares as newer than NaN.
    expect(newestWeeklyAnnouncement([undated, older, newer])).toBe(newer);
    expect(newestWeeklyAnnouncement([older, undated, newer])).toBe(newer);
    // With no readable date at all, the server's first (it lists newest first).
    const alsoUndated = { ...undated, id: 'wa-undated-2' };
    expect(newestWeeklyAnnouncement([undated, alsoUndated])).toBe(undated);
  });

  it('of two made at the same instant, the one the server lists first', () => {
    const twin = { ...newer, id: 'wa-twin' };
    expect(newestWeeklyAnnouncement([newer, twin])).toBe(newer);
    expect(newestWeeklyAnnouncement([twin, newer])).toBe(twin);
  });

  it('only while the server flags a new announcement', () => {
    expect(
      announcementToPopUp({ hasNewAnnouncement: true, weeklyAnnouncements: [older, newer] }),
    ).toBe(newer);
    expect(
      announcementToPopUp({ hasNewAnnouncement: false, weeklyAnnouncements: weeklyAnnouncements }),
    ).toBeNull();
    expect(announcementToPopUp({ hasNewAnnouncement: true, weeklyAnnouncements: [] })).toBeNull();
  });
});

describe('useNewAnnouncementPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const options = (overrides: Partial<NewAnnouncementPopupOptions> = {}) => ({
    announcement: newer,
    isDataSettled: false,
    isSmallScreen: false,
    onShown: vi.fn(),
    ...overrides,
  });

  it('opens 2 s after announcements and tasks have loaded, not before, and reports it once', () => {
    const onShown = vi.fn();
    const { result, rerender } = renderHook((props) => useNewAnnouncementPopup(props), {
      initialProps: options({ onShown }),
    });
    // Still loading: no count-down yet.
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.isOpen).toBe(false);

    rerender(options({ onShown, isDataSettled: true }));
    act(() => vi.advanceTimersByTime(newAnnouncementPopupDelayMs - 1));
    expect(result.current.isOpen).toBe(false);
    expect(onShown).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isOpen).toBe(true);
    expect(result.current.announcement).toBe(newer);
    expect(onShown).toHaveBeenCalledExactlyOnceWith(newer);

    // The server's flag is cleared (no announcement any more): the open popup keeps its content.
    rerender(options({ onShown, isDataSettled: true, announcement: null }));
    expect(result.current.announcement).toBe(newer);

    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
    // Back again with the flag (e.g. a refetch before the server saw the POST): not twice.
    rerender(options({ onShown, isDataSettled: true, announcement: newer }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.isOpen).toBe(false);
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it('does not restart the 2 s when the tutor is refetched (same announcement, new object)', () => {
    const { result, rerender } = renderHook((props) => useNewAnnouncementPopup(props), {
      initialProps: options({ isDataSettled: true }),
    });
    act(() => vi.advanceTimersByTime(1500));
    rerender(options({ isDataSettled: true, announcement: { ...newer } }));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.isOpen).toBe(true);
  });

  it('waits while another dialog is open, then counts the 2 s from its closing', () => {
    const { result, rerender } = renderHook((props) => useNewAnnouncementPopup(props), {
      initialProps: options({ isDataSettled: true, isHeldBack: true }),
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.isOpen).toBe(false);
    rerender(options({ isDataSettled: true, isHeldBack: false }));
    act(() => vi.advanceTimersByTime(newAnnouncementPopupDelayMs - 1));
    expect(result.current.isOpen).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isOpen).toBe(true);
  });

  it('never opens under 640 px, where the bell badge stands in for it', () => {
    const onShown = vi.fn();
    const { result } = renderHook((props) => useNewAnnouncementPopup(props), {
      initialProps: options({ onShown, isDataSettled: true, isSmallScreen: true }),
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.isOpen).toBe(false);
    expect(onShown).not.toHaveBeenCalled();
  });

  it('does not open without a new announcement', () => {
    const { result } = renderHook((props) => useNewAnnouncementPopup(props), {
      initialProps: options({ isDataSettled: true, announcement: null }),
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.isOpen).toBe(false);
  });
});
