import { useEffect, useRef, useState } from 'react';
import { Heading } from 'react-aria-components';
import { longDateLabel } from '../../lib/messageDates/messageDates';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Modal } from '../Modal/Modal';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import * as styles from './UpdatesModal.css';

/** The announcement fields the modal reads (structural subset of the api's PortalAnnouncement). */
export interface UpdatesModalAnnouncement {
  id: string;
  subject: string;
  /** Untrusted HTML from the server: sanitised here with DOMPurify before rendering. */
  message: string;
  createdAt: string;
}

export interface UpdatesModalProps {
  /** Portal announcements; shown newest first. */
  announcements: readonly UpdatesModalAnnouncement[];
  /** Ids the tutor has already read (readAnnouncementIds of GET /portal-announcement). */
  readIds: readonly string[];
  /**
   * Marks one announcement as read (POST /portal-announcement/status). The modal owns the
   * pending state: the button reads 'Marking as read...' until the promise settles; on resolve
   * the announcement shows as read at once (also before `readIds` catches up); on reject it
   * reverts to 'Mark as read' (spec §4; the caller logs the error, §8).
   */
  onMarkRead: (id: string) => Promise<void>;
  /** Controlled open state; leave unset inside a react-aria-components DialogTrigger. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The unread count: announcements whose id is not among the read ids. */
export function countUnread(
  announcements: readonly Pick<UpdatesModalAnnouncement, 'id'>[],
  readIds: Iterable<string>,
): number {
  const read = new Set(readIds);
  return announcements.filter((announcement) => !read.has(announcement.id)).length;
}

/**
 * The Updates modal of the tutoring sidebar (spec §2): portal announcements newest first, each
 * with subject, date and sanitised HTML message, a per-announcement 'Mark as read' and an
 * unread-count badge. Empty: 'No Available Updates'. Built on `Modal` (focus trap, Escape).
 */
export function UpdatesModal({
  announcements,
  readIds,
  onMarkRead,
  isOpen,
  defaultOpen,
  onOpenChange,
}: UpdatesModalProps) {
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [markedIds, setMarkedIds] = useState<ReadonlySet<string>>(new Set());
  const itemElements = useRef(new Map<string, HTMLLIElement>());
  // The pressed button disappears once the item is read: focus moves to the item so keyboard
  // and screen-reader users keep their place inside the dialog.
  const [focusItemId, setFocusItemId] = useState<string | null>(null);
  useEffect(() => {
    if (focusItemId === null) return;
    itemElements.current.get(focusItemId)?.focus();
    setFocusItemId(null);
  }, [focusItemId]);
  const read = new Set([...readIds, ...markedIds]);
  const unread = countUnread(announcements, read);
  const sorted = [...announcements].sort(
    (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );

  const markRead = async (id: string) => {
    if (pendingIds.has(id)) return;
    setPendingIds((current) => new Set(current).add(id));
    try {
      await onMarkRead(id);
      setMarkedIds((current) => new Set(current).add(id));
      setFocusItemId(id);
    } catch {
      // Reverts to 'Mark as read'; reporting the failure is the caller's job (spec §8).
    } finally {
      setPendingIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <Modal
      title="Updates"
      size="large"
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      badge={unread > 0 ? `${unread} unread` : undefined}
    >
      {sorted.length === 0 ? (
        <p className={styles.empty}>No Available Updates</p>
      ) : (
        <ul className={styles.list} aria-label="Portal announcements">
          {sorted.map((announcement) => {
            const isRead = read.has(announcement.id);
            return (
              <li
                key={announcement.id}
                ref={(element) => {
                  if (element) itemElements.current.set(announcement.id, element);
                  else itemElements.current.delete(announcement.id);
                }}
                tabIndex={-1}
                className={[styles.item, styles.focusableItem, isRead ? null : styles.unread]
                  .filter(Boolean)
                  .join(' ')}
                data-read={isRead ? 'true' : 'false'}
              >
                <Inline gap="xs" alignY="baseline" align="spaceBetween">
                  <Heading level={3} className={styles.subject}>
                    {announcement.subject}
                  </Heading>
                  <time dateTime={announcement.createdAt} className={styles.date}>
                    {longDateLabel(announcement.createdAt)}
                  </time>
                </Inline>
                <SafeHtml html={announcement.message} />
                <Inline gap="sm" alignY="center">
                  {isRead ? (
                    <span className={styles.statusRead}>
                      <Icon name="checkCircle" size="small" />
                      Read
                    </span>
                  ) : (
                    <>
                      <span className={styles.statusUnread}>
                        <Icon name="circle" size="small" />
                        Unread
                      </span>
                      <Button
                        variant="secondary"
                        isPending={pendingIds.has(announcement.id)}
                        pendingLabel="Marking as read..."
                        // The visible text starts the name (WCAG 2.5.3); the subject tells the
                        // buttons apart. While pending, the name is the pending label.
                        aria-label={
                          pendingIds.has(announcement.id)
                            ? undefined
                            : `Mark as read: ${announcement.subject}`
                        }
                        onPress={() => void markRead(announcement.id)}
                      >
                        Mark as read
                      </Button>
                    </>
                  )}
                </Inline>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
