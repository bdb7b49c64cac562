import { Heading } from 'react-aria-components';
import { longDateLabel } from '../../lib/messageDates/messageDates';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import { Stack } from '../Stack/Stack';
import * as styles from './WhatsNewPanel.css';

/** A weekly announcement, as the panel shows it. */
export interface WhatsNewAnnouncement {
  /** The announcement's title. */
  title: string;
  /** Untrusted HTML from the server: sanitised here with DOMPurify. */
  content: string;
  /** When it was announced (an ISO 8601 date-time); shown as a date. */
  createdAt: string;
}

/** A task (action item) of the tutor, as the summary counts and names it. */
export interface WhatsNewTask {
  /** The task's record id. */
  id: string;
  /** The task's title. */
  title: string;
  /** True once the task is done: the summary counts and names open tasks only. */
  completed: boolean;
}

/** How many open tasks the summary names before 'and N more'. */
const namedTaskCount = 3;

export interface WhatsNewPanelProps {
  /** The latest announcement, or null when there is none. */
  announcement: WhatsNewAnnouncement | null;
  /** The tutor's tasks; the summary counts and names the open ones. */
  tasks: readonly WhatsNewTask[];
  /** Opens the Tasks modal. */
  onOpenTasks: () => void;
  /** The announcements page (/tutoring/announcements, from the caller's route table). */
  announcementsHref: string;
  className?: string;
}

/**
 * The dashboard's What's New panel (spec §2): the latest weekly announcement with its date, and a
 * summary of the open tasks with a button to the Tasks modal.
 */
export function WhatsNewPanel({
  announcement,
  tasks,
  onOpenTasks,
  announcementsHref,
  className,
}: WhatsNewPanelProps) {
  const open = tasks.filter((task) => !task.completed);
  const named = open.slice(0, namedTaskCount);
  return (
    <Card title="What's New" className={className}>
      <Stack gap="sm" className={styles.part}>
        {/* 'Weekly': the Updates modal holds the portal's other, often newer announcements, and a
            tutor read 'Latest announcement' as the newest of them all. */}
        <Heading level={3} className={styles.partTitle}>
          Latest weekly announcement
        </Heading>
        {announcement ? (
          <>
            <p className={styles.announcementTitle}>{announcement.title}</p>
            <time dateTime={announcement.createdAt} className={styles.date}>
              {longDateLabel(announcement.createdAt)}
            </time>
            <SafeHtml html={announcement.content} />
          </>
        ) : (
          <p className={styles.muted}>No Announcements</p>
        )}
        <Inline gap="sm" alignY="center">
          <Link href={announcementsHref}>All announcements</Link>
        </Inline>
      </Stack>
      <Stack gap="sm" className={styles.part}>
        <Heading level={3} className={styles.partTitle}>
          Tasks
        </Heading>
        {open.length === 0 ? (
          <p className={styles.muted}>You have no open tasks.</p>
        ) : (
          <>
            <p className={styles.muted}>
              {open.length === 1 ? '1 open task' : `${open.length} open tasks`}
            </p>
            <ul className={styles.taskList}>
              {named.map((task) => (
                <li key={task.id}>{task.title}</li>
              ))}
              {open.length > named.length ? <li>and {open.length - named.length} more</li> : null}
            </ul>
          </>
        )}
        <Inline gap="sm" alignY="center">
          <Button variant="secondary" onPress={onOpenTasks}>
            View tasks
          </Button>
        </Inline>
      </Stack>
    </Card>
  );
}
