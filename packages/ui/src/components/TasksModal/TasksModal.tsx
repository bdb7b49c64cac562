import { useEffect, useId, useRef, useState } from 'react';
import { Heading } from 'react-aria-components';
import { withHttps } from '../../lib/links/links';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { Modal } from '../Modal/Modal';
import { SafeHtml } from '../SafeHtml/SafeHtml';
import { Stack } from '../Stack/Stack';
import * as styles from './TasksModal.css';

/** A task (action item) of the tutor, as the modal shows it. */
export interface TasksModalItem {
  /** The task's record id: reported to `onComplete`. */
  id: string;
  /** The task's title, its heading in the list. */
  title: string;
  /** Untrusted HTML or text from the server: sanitised here with DOMPurify; '' for none. */
  description: string;
  /** Link of the task; null or blank for none. May lack a scheme: https:// is prefixed (spec §5). */
  url: string | null;
  /** True once the task is done. */
  completed: boolean;
  /** True when the task completes by itself: no 'Mark as complete' button. */
  completesAutomatically: boolean;
}

export interface TasksModalProps {
  /** The tutor's tasks in the server's order; incomplete ones are listed first. */
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
 * The text of a task's link: what it opens, in words, rather than its bare address (a long URL
 * says little, and a screen reader spells it out). A task has no title of its own for its link,
 * so the text names the task, which also tells the links of the list apart.
 */
export function taskLinkText(item: Pick<TasksModalItem, 'title'>): string {
  return `Open: ${item.title}`;
}

/**
 * Incomplete items first, then completed ones, each group keeping the given order (spec §2).
 * `completedIds` are items marked complete locally.
 */
export function orderTasks<T extends Pick<TasksModalItem, 'id' | 'completed'>>(
  items: readonly T[],
  completedIds: ReadonlySet<string> = new Set(),
): { incomplete: T[]; completed: T[] } {
  const isDone = (item: T) => item.completed || completedIds.has(item.id);
  return {
    incomplete: items.filter((item) => !isDone(item)),
    completed: items.filter(isDone),
  };
}

/**
 * The Tasks modal of the tutoring sidebar (spec §2, §4): action items, incomplete first, with a
 * badge of the incomplete count. 'Mark as complete' is hidden for completed items and items that
 * complete automatically; links get https:// when they lack a scheme and read 'Open: <title>',
 * not their address. Empty: 'No Available Items'. Built on `Modal` (focus trap, Escape).
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
    const href = item.url?.trim() ? withHttps(item.url) : null;
    return (
      <li
        key={item.id}
        ref={(element) => {
          if (element) itemElements.current.set(item.id, element);
          else itemElements.current.delete(item.id);
        }}
        tabIndex={-1}
        className={[styles.item, isDone ? styles.completedItem : null].filter(Boolean).join(' ')}
        data-completed={isDone ? 'true' : 'false'}
      >
        <Heading level={4} className={styles.title}>
          {item.title}
        </Heading>
        {item.description ? <SafeHtml html={item.description} /> : null}
        {href ? (
          <Link href={href} external className={styles.link}>
            {taskLinkText(item)}
          </Link>
        ) : null}
        <Inline gap="sm" alignY="center">
          {isDone ? (
            <span className={styles.statusDone}>
              <Icon name="checkCircle" size="small" />
              Completed
            </span>
          ) : item.completesAutomatically ? (
            <span className={styles.status}>
              <Icon name="clock" size="small" />
              Completes automatically
            </span>
          ) : (
            <Button
              variant="secondary"
              // The visible text starts the name (WCAG 2.5.3); the title tells the buttons apart.
              aria-label={`Mark as complete: ${item.title}`}
              onPress={() => complete(item.id)}
            >
              Mark as complete
            </Button>
          )}
        </Inline>
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
        <Stack gap="xl">
          {incomplete.length > 0 ? (
            <Stack as="section" gap="md" aria-labelledby={`${headingId}-incomplete`}>
              <Heading level={3} id={`${headingId}-incomplete`} className={styles.sectionTitle}>
                To do ({incomplete.length})
              </Heading>
              <ul className={styles.list}>{incomplete.map((item) => renderItem(item, false))}</ul>
            </Stack>
          ) : null}
          {completed.length > 0 ? (
            <Stack as="section" gap="md" aria-labelledby={`${headingId}-completed`}>
              <Heading level={3} id={`${headingId}-completed`} className={styles.sectionTitle}>
                Completed ({completed.length})
              </Heading>
              <ul className={styles.list}>{completed.map((item) => renderItem(item, true))}</ul>
            </Stack>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
