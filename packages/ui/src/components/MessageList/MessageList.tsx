import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { Heading } from 'react-aria-components';
import { groupByMessageDate } from '../../lib/messageDates/messageDates';
import { visuallyHidden } from '../../theme/utilities.css';
import type { PhotoLoader } from '../MessagePhoto/MessagePhoto';
import { Stack } from '../Stack/Stack';
import {
  MessageItem,
  type MessageItemContext,
  type MessageListMessage,
  type PendingActions,
} from './MessageItem';
import * as styles from './MessageList.css';
import { messageStatusText, senderLabel } from './messageStatus';
import { type AnnouncedMessage, useChatAnnouncements } from './useChatAnnouncements';

/** Auto-scroll only when the view is at most this far from the bottom (spec §4, §9). */
export const autoScrollThresholdPx = 100;

export interface MessageListProps {
  messages: readonly MessageListMessage[];
  /** Shown as the sender of the family's messages. */
  guardianName: string;
  /** Shown as the sender of the organisation's messages, e.g. 'Tutoring team'. */
  teamLabel: string;
  /** Shown as the sender of the tutor's own messages; default 'You'. */
  tutorLabel?: string;
  /** The clock the date labels are relative to; pass a fixed date in tests and stories. */
  now: Date;
  /** Names the transcript; default `Messages with ${guardianName}`. */
  label?: string;
  /** Heading level of the date labels; default 3. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Sends one of the tutor's texts that did not go (not delivered, or not sent) again. Without
   * it, their status shows with no Retry button.
   */
  onRetry?: (messageId: string) => void;
  /** Texts whose retry is in flight: they say 'Sending…' and their Retry ignores presses. */
  retryingMessageIds?: ReadonlySet<string>;
  /**
   * Sends one of the tutor's untranslated texts exactly as written. Without it, an untranslated
   * text shows no 'Send in English' button.
   */
  onSendAsWritten?: (messageId: string) => void;
  /** Untranslated texts being sent as written: they say 'Sending…' and ignore presses. */
  sendingAsWrittenMessageIds?: ReadonlySet<string>;
  /**
   * Sends a text held for the family's quiet hours at once. Without it (and `onCancelScheduled`),
   * a scheduled text shows when it goes with no buttons.
   */
  onSendNow?: (messageId: string) => void;
  /** Held texts being sent now: they say 'Sending…' and their buttons ignore presses. */
  sendingNowMessageIds?: ReadonlySet<string>;
  /** Cancels a text held for the family's quiet hours: it is never sent. */
  onCancelScheduled?: (messageId: string) => void;
  /** Held texts being cancelled: their Cancel says so and ignores presses. */
  cancellingMessageIds?: ReadonlySet<string>;
  /**
   * The family's language when it is not English: named when a text could not be translated
   * into it, and the `lang` of a reply that was not translated.
   */
  familyLanguage?: { name: string; code: string } | null;
  /** The language the tutor writes in, as the Send as written button names it; default English. */
  tutorLanguageName?: string;
  /**
   * Gets the bytes of a picture a family sent. Without it, a picture shows as its name only.
   */
  loadPhoto?: PhotoLoader;
  className?: string;
}

const noMessageIds: ReadonlySet<string> = new Set();

/**
 * Keeps a reader who is at the bottom of the log there as messages arrive and as the log's box or
 * the messages' own layout change; a reader who scrolled up is left where they are. Returns the
 * log's scroll handler.
 */
function useStickToBottom(
  logRef: RefObject<HTMLDivElement | null>,
  transcriptRef: RefObject<HTMLDivElement | null>,
  messages: readonly MessageListMessage[],
) {
  // Where the reader was before the update; tracked on scroll, true until they scroll up.
  const wasNearBottom = useRef(true);
  // The scroll position at which the reader was last seen within 100 px of the bottom (or put at
  // it): only a scroll above it can take them away.
  const nearBottomScrollTop = useRef(0);
  const lastMessageId = messages.at(-1)?.id;

  const stickToBottom = (log: HTMLDivElement) => {
    log.scrollTop = log.scrollHeight;
    nearBottomScrollTop.current = log.scrollTop;
  };

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && wasNearBottom.current && lastMessageId !== undefined) stickToBottom(log);
  }, [lastMessageId]);

  // The log's box (a resized window) or the messages' own layout can change after they are shown
  // (a style sheet that arrives late, a translation opened): a reader who was at the bottom stays
  // there. The log's height is fixed, so its content is watched as well as its box.
  const hasMessages = messages.length > 0;
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (wasNearBottom.current) stickToBottom(log);
    });
    observer.observe(log);
    if (hasMessages && transcriptRef.current) observer.observe(transcriptRef.current);
    return () => observer.disconnect();
  }, [hasMessages]);

  return () => {
    const log = logRef.current;
    if (!log) return;
    // Only the reader scrolling up leaves the bottom. The browser delivers a scroll event at its
    // next frame, so one for our own scroll to the bottom can arrive after the content grew or
    // the log's box shrank (a notice under it) and find the end far away: the position has not
    // moved up, so the reader stays, and the resize observer puts them back at the end.
    if (wasNearBottom.current && log.scrollTop >= nearBottomScrollTop.current) return;
    wasNearBottom.current =
      log.scrollHeight - log.scrollTop - log.clientHeight <= autoScrollThresholdPx;
    if (wasNearBottom.current) nearBottomScrollTop.current = log.scrollTop;
  };
}

/**
 * A chat transcript (spec §2, §4): messages grouped by day ('Today', 'Yesterday', a weekday
 * within 7 days, else the full date), the tutor's bubbles on the right and incoming ones on the
 * left, each of the tutor's texts with its status ('Sending…', 'Sent', 'Delivered', 'Not
 * delivered: <reason>' with Retry, 'Not sent: …' with Retry and Send in English, 'Scheduled for
 * 8:00 AM' with Send now and Cancel for a text held for the family's quiet hours). The transcript
 * is a role=log a keyboard can scroll, but not itself a live region: what changes is said once,
 * in words, by the list's one polite live region ('New message from Ana Martinez: …', 'Delivered
 * — “See you at 4”'), so a status that changes inside the log is not read out twice. When
 * messages arrive it scrolls to the bottom only if the reader was within 100 px of it, so
 * reading older messages is not interrupted.
 */
export function MessageList({
  messages,
  guardianName,
  teamLabel,
  tutorLabel = 'You',
  now,
  label,
  headingLevel = 3,
  onRetry,
  retryingMessageIds = noMessageIds,
  onSendAsWritten,
  sendingAsWrittenMessageIds = noMessageIds,
  onSendNow,
  sendingNowMessageIds = noMessageIds,
  onCancelScheduled,
  cancellingMessageIds = noMessageIds,
  familyLanguage,
  tutorLanguageName = 'English',
  loadPhoto,
  className,
}: MessageListProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const transcriptRef = useRef<HTMLDivElement>(null);
  const trackPosition = useStickToBottom(logRef, transcriptRef, messages);
  const context: MessageItemContext = {
    logRef,
    onRetry,
    onSendAsWritten,
    onSendNow,
    onCancelScheduled,
    familyLanguage,
    tutorLanguageName,
    loadPhoto,
  };
  const shown = messages.map((message) => {
    const sender = senderLabel(message.from, { guardianName, teamLabel, tutorLabel });
    const pending: PendingActions = {
      retrying: retryingMessageIds.has(message.id),
      sendingAsWritten: sendingAsWrittenMessageIds.has(message.id),
      sendingNow: sendingNowMessageIds.has(message.id),
      cancelling: cancellingMessageIds.has(message.id),
    };
    const statusText =
      message.from === 'tutor'
        ? messageStatusText({
            status: message.status,
            failureReason: message.failureReason,
            isBeingSent: pending.retrying || pending.sendingAsWritten || pending.sendingNow,
            familyLanguageName: familyLanguage?.name,
            scheduledFor: message.scheduledFor,
            now,
          })
        : null;
    return { message, sender, statusText, pending };
  });
  const announcements = useChatAnnouncements(shown.map(toAnnounced));
  const groups = groupByMessageDate(shown, (item) => item.message.sentAt, now);

  return (
    <>
      <div
        ref={logRef}
        role="log"
        // Not live: the announcer below says what changed, once (see above).
        aria-live="off"
        aria-label={label ?? `Messages with ${guardianName}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1).
        tabIndex={0}
        onScroll={trackPosition}
        className={[styles.log, className].filter(Boolean).join(' ')}
      >
        {groups.length === 0 ? (
          <p className={styles.empty}>No messages yet.</p>
        ) : (
          <div ref={transcriptRef} className={styles.transcript}>
            {groups.map((group) => (
              <Stack key={group.key} gap="sm" className={styles.group}>
                <Heading level={headingLevel} className={styles.dateLabel}>
                  {group.label}
                </Heading>
                <Stack as="ul" gap="md" className={styles.messages}>
                  {group.items.map((item) => (
                    <MessageItem key={item.message.id} {...item} context={context} />
                  ))}
                </Stack>
              </Stack>
            ))}
          </div>
        )}
      </div>
      <div role="status" aria-atomic="false" aria-label="Chat updates" className={visuallyHidden}>
        {announcements.map((announcement) => (
          <p key={announcement.key}>{announcement.text}</p>
        ))}
      </div>
    </>
  );
}

function toAnnounced(item: {
  message: MessageListMessage;
  sender: string;
  statusText: string | null;
}): AnnouncedMessage {
  const { message } = item;
  return {
    id: message.id,
    from: message.from,
    sender: item.sender,
    text: message.translation && message.from !== 'tutor' ? message.translation.text : message.text,
    photoCount: message.photos?.length ?? 0,
    statusText: item.statusText,
  };
}
