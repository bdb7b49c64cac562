import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { Heading } from 'react-aria-components';
import { groupByMessageDate, messageTimeLabel } from '../../lib/messageDates/messageDates';
import { visuallyHidden } from '../../theme/utilities.css';
import { Button } from '../Button/Button';
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
  /**
   * What the SMS provider reported for one of the tutor's own texts. Only 'delivered' and the
   * failures show: queued and sent are still on their way, and the screen claims no more than
   * the provider said.
   */
  deliveryStatus?: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';
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
  /**
   * Sends one of the tutor's undelivered texts again. Without it, 'Not delivered' shows with no
   * Retry button.
   */
  onRetry?: (messageId: string) => void;
  /** Texts whose retry is in flight: their Retry button is pending and ignores presses. */
  retryingMessageIds?: ReadonlySet<string>;
  className?: string;
}

const noMessageIds: ReadonlySet<string> = new Set();

/** Longest excerpt of a text that names it in its Retry button's accessible name. */
const retryExcerptMaxChars = 40;

/**
 * The opening words of a text, at most 40 characters on a word boundary: enough for a screen
 * reader user to tell one Retry button from another without hearing the whole text again.
 */
export function messageExcerpt(body: string, maxChars = retryExcerptMaxChars): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?]+$/, '')}…`;
}

function isUndelivered(status: MessageListMessage['deliveryStatus']): boolean {
  return status === 'undelivered' || status === 'failed';
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
  onRetry,
  retryingMessageIds = noMessageIds,
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
                  data-delivery-status={isTutor ? message.deliveryStatus : undefined}
                >
                  <span className={styles.sender}>
                    {senderLabel(message, names)}
                    <span className={visuallyHidden}>:</span>
                  </span>
                  <p className={isTutor ? styles.bubbleTutor : styles.bubbleOther}>
                    {message.body}
                  </p>
                  <div className={styles.meta}>
                    <time dateTime={message.dateSent}>
                      {messageTimeLabel(new Date(message.dateSent))}
                    </time>
                    {isTutor && message.deliveryStatus === 'delivered' ? (
                      <>
                        <span aria-hidden="true">·</span>
                        <span>Delivered</span>
                      </>
                    ) : null}
                    {isTutor && isUndelivered(message.deliveryStatus) ? (
                      <NotDelivered
                        message={message}
                        onRetry={onRetry}
                        isRetrying={retryingMessageIds.has(message.id)}
                        logRef={logRef}
                      />
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

interface NotDeliveredProps {
  message: MessageListMessage;
  onRetry: ((messageId: string) => void) | undefined;
  isRetrying: boolean;
  logRef: RefObject<HTMLDivElement | null>;
}

/** 'Not delivered' and, when the page can send again, its Retry button. */
function NotDelivered({ message, onRetry, isRetrying, logRef }: NotDeliveredProps) {
  const ownRef = useRef<HTMLSpanElement>(null);

  // A retry that succeeds removes this line, Retry button and all. Focus on it would fall back to
  // the page's start, so a keyboard user is put back on the transcript instead. This runs before
  // React takes the button out of the document.
  useLayoutEffect(() => {
    const own = ownRef.current;
    return () => {
      if (own?.contains(own.ownerDocument.activeElement)) {
        logRef.current?.focus({ preventScroll: true });
      }
    };
  }, [logRef]);

  return (
    <span ref={ownRef} className={styles.notDelivered}>
      <span aria-hidden="true">·</span>
      <span className={styles.failureText}>Not delivered</span>
      {onRetry ? (
        <Button
          variant="secondary"
          size="small"
          // The visible 'Retry' starts the name (WCAG 2.5.3); the excerpt says which text.
          aria-label={`Retry sending: ${messageExcerpt(message.body)}`}
          isPending={isRetrying}
          pendingLabel="Retrying"
          onPress={() => onRetry(message.id)}
        >
          Retry
        </Button>
      ) : null}
    </span>
  );
}
