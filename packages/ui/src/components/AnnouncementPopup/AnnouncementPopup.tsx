import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Modal } from '../Modal/Modal';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import { Stack } from '../Stack/Stack';
import * as styles from './AnnouncementPopup.css';

/** A portal announcement (spec §3): `message` is untrusted HTML. */
export interface PopupAnnouncement {
  subject: string;
  /** HTML from the server; sanitised with DOMPurify before it is rendered. */
  message: string;
  /** ISO 8601 date-time of publication. */
  createdAt: string;
}

export interface AnnouncementPopupProps {
  announcement: PopupAnnouncement;
  /** Controlled open state (the portal opens it 2 s after announcements and tasks load). */
  isOpen?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called with `false` when the tutor closes it (then the portal marks it read). */
  onOpenChange?: (open: boolean) => void;
  /** Heading of the popup. */
  title?: string;
  /** Actions row, e.g. a link to all announcements. */
  footer?: ReactNode;
  /** BCP 47 locale of the date. */
  locale?: string;
  /** IANA time zone of the date; defaults to the browser's. */
  timeZone?: string;
}

/** Formats an ISO date for people; an unparsable value is shown as it came. */
export function formatAnnouncementDate(iso: string, locale = 'en-US', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
}

/**
 * The new-announcement popup of the tutoring dashboard: subject, the sanitised HTML message and
 * the date, in a Modal. The message goes through SafeHtml (DOMPurify) inside this component.
 */
export function AnnouncementPopup({
  announcement,
  isOpen,
  defaultOpen,
  onOpenChange,
  title = 'New Announcement',
  footer,
  locale = 'en-US',
  timeZone,
}: AnnouncementPopupProps) {
  return (
    <Modal
      title={title}
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      footer={footer}
    >
      <Stack as="article" gap="md">
        <Stack gap="xxs">
          <Heading level={3} className={styles.subject}>
            {announcement.subject}
          </Heading>
          <time dateTime={announcement.createdAt} className={styles.date}>
            {formatAnnouncementDate(announcement.createdAt, locale, timeZone)}
          </time>
        </Stack>
        <SafeHtml html={announcement.message} />
      </Stack>
    </Modal>
  );
}
