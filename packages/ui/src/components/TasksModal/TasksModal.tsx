import { useEffect, useId, useRef, useState } from 'react';
import { Heading } from 'react-aria-components';
import { displayUrl, withHttps } from '../../lib/links/links';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Link } from '../Link/Link';
import { Modal } from '../Modal/Modal';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import * as styles from './TasksModal.css';

/** The action-item fields the modal reads (structural subset of the api's ActionItem). */
export interface TasksModalItem {
  Action_Item_ID: string;
  Title: string;
  /** Untrusted HTML or text from the server: sanitised here with DOMPurify. */
  Description: string;
  /** May lack a scheme: https:// is prefixed (spec §5). */
  URL: string | null;
  CreatedAt: string;
  Completed: boolean;
  /** True when the item completes by itself: no 'Mark as complete' button. */
  Automatic_Completion: boolean;
}

export interface TasksModalProps {
  /** Action items in the server's order; incomplete ones are listed first. */
  items: readonly TasksModalItem[];
  /**
   * Reports 'Mark as complete' (POST /action-item/complete). The item is marked completed
   * locally at once and cannot be undone (spec §4), whatever the request's outcome.
   */
  onComplete: (id: string) => void;
  /** Controlled open state; leave unset inside a react-aria-components DialogTrigger. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Incomplete items first, then completed ones, each group keeping the given order (spec §2).
 * `completedIds` are items marked complete locally.
 */
export function orderTasks<T extends Pick<TasksModalItem, 'Action_Item_ID' | 'Completed'>>(
  items: readonly T[],
  completedIds: ReadonlySet<string> = new Set(),
): { incomplete: T[]; completed: T[] } {
  const isDone = (item: T) => item.Completed || completedIds.has(item.Action_Item_ID);
  return {
    incomplete: items.filter((item) => !isDone(item)),
    completed: items.filter(isDone),
  };
}

/**
 * The Tasks modal of the tutoring sidebar (spec §2, §4): action items, incomplete first, with a
 * badge of the incomplete count. 'Mark as complete' is hidden for Automatic_Completion or
 * completed items; links get https:// when they lack a scheme and show at most 50 characters
 * plus '…'. Empty: 'No Available Items'. Built on `Modal` (focus trap, Escape).
 */
export function TasksModal({
  items,
  onComplete,
  isOpen,
  defaultOpen,
  onOpenChange,
}: TasksModalProps) {
  const headingId = useId();
  const [completedIds, setCompletedIds] = useState<ReadonlySet<string>>(new Set());
  const itemElements = useRef(new Map<string, HTMLLIElement>());
  // The pressed button disappears and the item moves to 'Completed': focus follows the item
  // so keyboard users keep their place inside the dialog.
  const [focusItemId, setFocusItemId] = useState<string | null>(null);
  useEffect(() => {
    if (focusItemId === null) return;
    itemElements.current.get(focusItemId)?.focus();
    setFocusItemId(null);
  }, [focusItemId]);

  const { incomplete, completed } = orderTasks(items, completedIds);

  const complete = (id: string) => {
    if (completedIds.has(id)) return;
    setCompletedIds((current) => new Set(current).add(id));
    setFocusItemId(id);
    onComplete(id);
  };

  const renderItem = (item: TasksModalItem, isDone: boolean) => {
    const href = item.URL?.trim() ? withHttps(item.URL) : null;
    return (
      <li
        key={item.Action_Item_ID}
        ref={(element) => {
          if (element) itemElements.current.set(item.Action_Item_ID, element);
          else itemElements.current.delete(item.Action_Item_ID);
        }}
        tabIndex={-1}
        className={[styles.item, isDone ? styles.completedItem : null].filter(Boolean).join(' ')}
        data-completed={isDone ? 'true' : 'false'}
      >
        <Heading level={4} className={styles.title}>
          {item.Title}
        </Heading>
        {item.Description ? <SafeHtml html={item.Description} /> : null}
        {href ? (
          <Link href={href} external className={styles.url}>
            {displayUrl(href)}
          </Link>
        ) : null}
        <div className={styles.footer}>
          {isDone ? (
            <span className={styles.statusDone}>
              <Icon name="checkCircle" size="small" />
              Completed
            </span>
          ) : item.Automatic_Completion ? (
            <span className={styles.status}>
              <Icon name="clock" size="small" />
              Completes automatically
            </span>
          ) : (
            <Button
              variant="secondary"
              // The visible text starts the name (WCAG 2.5.3); the title tells the buttons apart.
              aria-label={`Mark as complete: ${item.Title}`}
              onPress={() => complete(item.Action_Item_ID)}
            >
              Mark as complete
            </Button>
          )}
        </div>
      </li>
    );
  };

  return (
    <Modal
      title="Tasks"
      size="large"
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      badge={incomplete.length > 0 ? `${incomplete.length} incomplete` : undefined}
    >
      {items.length === 0 ? (
        <p className={styles.empty}>No Available Items</p>
      ) : (
        <div className={styles.sections}>
          {incomplete.length > 0 ? (
            <section aria-labelledby={`${headingId}-incomplete`} className={styles.section}>
              <Heading level={3} id={`${headingId}-incomplete`} className={styles.sectionTitle}>
                To do ({incomplete.length})
              </Heading>
              <ul className={styles.list}>{incomplete.map((item) => renderItem(item, false))}</ul>
            </section>
          ) : null}
          {completed.length > 0 ? (
            <section aria-labelledby={`${headingId}-completed`} className={styles.section}>
              <Heading level={3} id={`${headingId}-completed`} className={styles.sectionTitle}>
                Completed ({completed.length})
              </Heading>
              <ul className={styles.list}>{completed.map((item) => renderItem(item, true))}</ul>
            </section>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
