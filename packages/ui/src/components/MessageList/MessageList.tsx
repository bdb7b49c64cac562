import { useEffect, useLayoutEffect, useRef } from 'react';
import { Heading } from 'react-aria-components';
import { groupByMessageDate, messageTimeLabel } from '../../lib/messageDates/messageDates';
import { visuallyHidden } from '../../theme/utilities.css';
import * as styles from './MessageList.css';

/** Auto-scroll only when the view is at most this far from the bottom (spec §4, §9). */
export const autoScrollThresholdPx = 100;

/** The message fields the list reads (structural subset of the api's Message). */
export interface MessageListMessage {
  id: string;
  body: string;
  isFromTutor: 'Yes' | 'No';
  dateSent: string;
  /** 'activity' for the guardian's own messages; other types come from the organisation. */
  messageType: string;
}

export interface MessageListProps {
  messages: readonly MessageListMessage[];
  /** Shown as the sender of guardian messages (messageType 'activity'). */
  guardianName: string;
  /** Shown as the sender of other incoming messages, e.g. 'Tutoring team'. */
  adminLabel: string;
  /** Shown as the sender of the tutor's own messages; default 'You'. */
  tutorLabel?: string;
  /** The clock the date labels are relative to; pass a fixed date in tests and stories. */
  now: Date;
  /** Names the log; default `Messages with ${guardianName}`. */
  label?: string;
  /** Heading level of the date labels; default 3. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Who a message is shown as coming from (spec §2 messenger). */
export function senderLabel(
  message: Pick<MessageListMessage, 'isFromTutor' | 'messageType'>,
  names: { guardianName: string; adminLabel: string; tutorLabel: string },
): string {
  if (message.isFromTutor === 'Yes') return names.tutorLabel;
  return message.messageType === 'activity' ? names.guardianName : names.adminLabel;
}

/**
 * A chat transcript (spec §2, §4): messages grouped by day ('Today', 'Yesterday', a weekday
 * within 7 days, else the full date), the tutor's bubbles on the right and incoming ones on the
 * left. A polite live log: new messages are announced. When messages arrive it scrolls to the
 * bottom only if the reader was within 100 px of it, so reading older messages is not
 * interrupted.
 */
export function MessageList({
  messages,
  guardianName,
  adminLabel,
  tutorLabel = 'You',
  now,
  label,
  headingLevel = 3,
  className,
}: MessageListProps) {
  const logRef = useRef<HTMLDivElement>(null);
  // Where the reader was before the update; tracked on scroll, true until they scroll up.
  const wasNearBottom = useRef(true);
  const lastMessageId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && wasNearBottom.current && lastMessageId !== undefined) {
      log.scrollTop = log.scrollHeight;
    }
  }, [lastMessageId]);

  // The log's own box can change after the messages are laid out (a style sheet or a font that
  // arrives late, a resized window): a reader who was at the bottom stays there.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (wasNearBottom.current) log.scrollTop = log.scrollHeight;
    });
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  const trackPosition = () => {
    const log = logRef.current;
    if (!log) return;
    wasNearBottom.current =
      log.scrollHeight - log.scrollTop - log.clientHeight <= autoScrollThresholdPx;
  };

  const names = { guardianName, adminLabel, tutorLabel };
  const groups = groupByMessageDate(messages, (message) => message.dateSent, now);
  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label={label ?? `Messages with ${guardianName}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1).
      tabIndex={0}
      onScroll={trackPosition}
      className={[styles.log, className].filter(Boolean).join(' ')}
    >
      {groups.length === 0 ? <p className={styles.empty}>No messages yet.</p> : null}
      {groups.map((group) => (
        <div key={group.key} className={styles.group}>
          <Heading level={headingLevel} className={styles.dateLabel}>
            {group.label}
          </Heading>
          <ul className={styles.messages}>
            {group.items.map((message) => {
              const isTutor = message.isFromTutor === 'Yes';
              return (
                <li
                  key={message.id}
                  className={isTutor ? styles.fromTutor : styles.fromOther}
                  data-from-tutor={message.isFromTutor}
                >
                  <span className={styles.sender}>
                    {senderLabel(message, names)}
                    <span className={visuallyHidden}>:</span>
                  </span>
                  <p className={isTutor ? styles.bubbleTutor : styles.bubbleOther}>
                    {message.body}
                  </p>
                  <time dateTime={message.dateSent} className={styles.time}>
                    {messageTimeLabel(new Date(message.dateSent))}
                  </time>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
