import type { components } from '@tutoring/api/schema';
import type { TimelineAnnouncement } from '@tutoring/ui/components/AnnouncementTimeline/AnnouncementTimeline';

type WeeklyAnnouncement = components['schemas']['WeeklyAnnouncement'];

/**
 * A weekly announcement of GET /tutor as the announcements timeline and What's New show it: the
 * api's `created_at` becomes `createdAt`; the content stays untrusted HTML (the ui sanitises it).
 */
export function toAnnouncement(announcement: WeeklyAnnouncement): TimelineAnnouncement {
  return {
    id: announcement.id,
    title: announcement.title,
    content: announcement.content,
    createdAt: announcement.created_at,
  };
}

/** The weekly announcements, in the server's order (the timeline sorts them newest first). */
export function toAnnouncements(
  announcements: readonly WeeklyAnnouncement[],
): TimelineAnnouncement[] {
  return announcements.map(toAnnouncement);
}
