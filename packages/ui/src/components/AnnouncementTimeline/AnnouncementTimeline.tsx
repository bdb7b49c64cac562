import { Heading } from 'react-aria-components';
import { longDateLabel } from '../../lib/messageDates/messageDates';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import * as styles from './AnnouncementTimeline.css';

/** The fields a timeline entry reads (structural subset of the api's WeeklyAnnouncement). */
export interface TimelineAnnouncement {
  id?: string;
  title: string;
  /** Untrusted HTML from the server: sanitised here with DOMPurify. */
  content: string;
  created_at: string;
}

export interface AnnouncementTimelineProps {
  /** Weekly announcements; shown newest first. */
  announcements: readonly TimelineAnnouncement[];
  /** Heading level of each title; default 3 (under the page's h2 or h1). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Newest first; stable for equal dates. */
export function sortNewestFirst<T extends Pick<TimelineAnnouncement, 'created_at'>>(
  announcements: readonly T[],
): T[] {
  return [...announcements].sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime(),
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
    <ol
      aria-label="Announcements, newest first"
      className={[styles.timeline, className].filter(Boolean).join(' ')}
    >
      {sortNewestFirst(announcements).map((announcement) => (
        <li key={announcement.id ?? `${announcement.created_at}-${announcement.title}`}>
          <article className={styles.entry}>
            <span className={styles.dot} aria-hidden="true" />
            <time dateTime={announcement.created_at} className={styles.date}>
              {longDateLabel(announcement.created_at)}
            </time>
            <Heading level={headingLevel} className={styles.title}>
              {announcement.title}
            </Heading>
            <SafeHtml html={announcement.content} />
          </article>
        </li>
      ))}
    </ol>
  );
}
