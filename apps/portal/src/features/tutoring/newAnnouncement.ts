import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@tutoring/api/schema';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/apiError';
import { useApiClient, useCallables } from '../../lib/services/portalServices';
import type { AuthState } from '../../lib/services/sessionState';
import { tutorQueryKey } from './useTutorQuery';

type Tutor = components['schemas']['Tutor'];
type WeeklyAnnouncement = components['schemas']['WeeklyAnnouncement'];

/** §9: the new-announcement popup waits this long after announcements and tasks have loaded. */
export const newAnnouncementPopupDelayMs = 2000;

/**
 * When an announcement was made, in ms, or NaN when its `created_at` cannot be read. A leap second
 * (`…T23:59:60Z`, valid RFC 3339 date-time) is read as the end of the minute before it: Date.parse
 * reads none.
 */
function announcedAt(announcement: WeeklyAnnouncement): number {
  const time = Date.parse(announcement.created_at);
  if (!Number.isNaN(time)) return time;
  const leapSecond = announcement.created_at.replace(
    /(T\d{2}:\d{2}:)60/i,
    (_second, minute: string) => `${minute}59.999`,
  );
  return Date.parse(leapSecond);
}

/**
 * The most recent weekly announcement, or null when there is none. Dates are compared as
 * instants, whatever the order, offset or precision the server writes them in; of two made at the
 * same instant, the one listed first (the server lists newest first). An announcement whose date
 * cannot be read never counts as newer than one whose date can: nothing compares as newer than
 * NaN, so such an announcement listed first would otherwise hide every later one. Only when no
 * date can be read is the first one listed the newest.
 */
export function newestWeeklyAnnouncement(
  announcements: readonly WeeklyAnnouncement[],
): WeeklyAnnouncement | null {
  let newest: WeeklyAnnouncement | null = null;
  let newestAt = Number.NEGATIVE_INFINITY;
  for (const announcement of announcements) {
    const at = announcedAt(announcement);
    if (!Number.isNaN(at) && (newest === null || at > newestAt)) {
      newest = announcement;
      newestAt = at;
    }
  }
  return newest ?? announcements[0] ?? null;
}

/** The announcement the popup is for: the newest weekly one, while the server flags it as new. */
export function announcementToPopUp(
  tutor: Pick<Tutor, 'hasNewAnnouncement' | 'weeklyAnnouncements'>,
): WeeklyAnnouncement | null {
  return tutor.hasNewAnnouncement ? newestWeeklyAnnouncement(tutor.weeklyAnnouncements) : null;
}

/**
 * After the popup has been shown: POST /tutor/mark-announcement-read clears the server's flag
 * (so the popup does not come back), and setLatestViewedAnnouncement records what was seen. The
 * cached tutor loses the flag once the server has. Failures are only logged (§8).
 */
export function useNewAnnouncementSeenMutation(auth: AuthState) {
  const queryClient = useQueryClient();
  const apiClient = useApiClient();
  const getCallables = useCallables();
  const queryKey = tutorQueryKey(auth.status === 'google' ? auth.user.uid : undefined);
  return useMutation({
    mutationFn: async (announcement: WeeklyAnnouncement) => {
      const latestViewed = getCallables().then((callables) =>
        callables.setLatestViewedAnnouncement({
          id: announcement.id,
          date: announcement.created_at,
        }),
      );
      const { error, response } = await apiClient.POST('/tutor/mark-announcement-read');
      if (error !== undefined || !response.ok) throw ApiError.fromResponse(response, error);
      queryClient.setQueryData<Tutor>(queryKey, (tutor) =>
        tutor ? { ...tutor, hasNewAnnouncement: false } : tutor,
      );
      await latestViewed;
    },
    onError: (error) => {
      console.error('Recording the new announcement as seen failed.', error);
    },
  });
}

export interface NewAnnouncementPopupOptions {
  /** The announcement to show (announcementToPopUp), or null when nothing is new. */
  announcement: WeeklyAnnouncement | null;
  /** True once the announcements and the tasks have both loaded (or failed). */
  isDataSettled: boolean;
  /** Under 640 px the bell badge stands in for the popup (§2, §9). */
  isSmallScreen: boolean;
  /** Another dialog (Updates, Tasks) is open: the popup waits rather than stack on top of it. */
  isHeldBack?: boolean;
  /** Called once, when the popup opens. */
  onShown: (announcement: WeeklyAnnouncement) => void;
}

/**
 * When the new-announcement popup opens: 2 s after announcements and tasks have loaded (§2, §9),
 * once per page, never on a small screen, and not over another open dialog (the 2 s then count
 * from its closing). The shown announcement is kept while the popup is open,
 * also after the server's flag (and so `announcement`) has been cleared.
 */
export function useNewAnnouncementPopup({
  announcement,
  isDataSettled,
  isSmallScreen,
  isHeldBack = false,
  onShown,
}: NewAnnouncementPopupOptions) {
  const [shown, setShown] = useState<WeeklyAnnouncement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const hasShown = useRef(false);
  // Read when the timer fires: a refetched tutor (a new object, same announcement) must not
  // restart the 2 s.
  const latest = useRef({ announcement, onShown });
  latest.current = { announcement, onShown };
  const dueId = isDataSettled && !isSmallScreen && !isHeldBack ? (announcement?.id ?? null) : null;

  useEffect(() => {
    if (dueId === null || hasShown.current) return;
    const timer = setTimeout(() => {
      const { announcement: current, onShown: notify } = latest.current;
      if (!current) return;
      hasShown.current = true;
      setShown(current);
      setIsOpen(true);
      notify(current);
    }, newAnnouncementPopupDelayMs);
    return () => clearTimeout(timer);
  }, [dueId]);

  return { announcement: shown, isOpen, close: () => setIsOpen(false) };
}
