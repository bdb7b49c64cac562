import { Heading } from 'react-aria-components';
import { longDateLabel } from '../../lib/messageDates/messageDates';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import { Stack } from '../Stack/Stack';
import * as styles from './AnnouncementTimeline.css';

/** A weekly announcement, as a timeline entry shows it. */
export interface TimelineAnnouncement {
  /** The announcement's record id; without one the entry is keyed by its date and title. */
  id?: string;
  /** The announcement's title, the entry's heading. */
  title: string;
  /** Untrusted HTML from the server: sanitised here with DOMPurify. */
  content: string;
  /** When it was announced (an ISO 8601 date-time): the timeline's order and the shown date. */
  createdAt: string;
}

export interface AnnouncementTimelineProps {
  /** Weekly announcements; shown newest first. */
  announcements: readonly TimelineAnnouncement[];
  /** Heading level of each title; default 3 (under the page's h2 or h1). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Newest first; stable for equal dates. */
export function sortNewestFirst<T extends Pick<TimelineAnnouncement, 'createdAt'>>(
  announcements: readonly T[],
): T[] {
  return [...announcements].sort(
    (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );
}

/**
 * The /tutoring/announcements timeline (spec §2): weekly announcements newest first, each with
 * its date, title and sanitised content. Empty: 'No Announcements'.
 */
export function AnnouncementTimeline({
  announcements,
  headingLevel = 3,
  className,
}: AnnouncementTimelineProps) {
  if (announcements.length === 0) {
    return <p className={[styles.empty, className].filter(Boolean).join(' ')}>No Announcements</p>;
  }
  return (
    <Stack
      as="ol"
      gap="xl"
      aria-label="Announcements, newest first"
      className={[styles.timeline, className].filter(Boolean).join(' ')}
    >
      {sortNewestFirst(announcements).map((announcement) => (
        <li key={announcement.id ?? `${announcement.createdAt}-${announcement.title}`}>
          <Stack as="article" gap="sm" className={styles.entry}>
            <span className={styles.dot} aria-hidden="true" />
            <time dateTime={announcement.createdAt} className={styles.date}>
              {longDateLabel(announcement.createdAt)}
            </time>
            <Heading level={headingLevel} className={styles.title}>
              {announcement.title}
            </Heading>
            <SafeHtml html={announcement.content} />
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
