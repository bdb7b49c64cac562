import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { groupByMessageDate, messageTimeLabel } from '../../lib/messageDates/messageDates';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './MessageList.css';

/** Auto-scroll only when the view is at most this far from the bottom (spec §4, §9). */
export const autoScrollThresholdPx = 100;

/** A message's translation (the api's MessageTranslation). */
export interface MessageListTranslation {
  /** The family's language, e.g. 'Spanish'. */
  languageName: string;
  /** Its BCP 47 tag, e.g. 'es': the `lang` of the text in that language. */
  languageCode: string;
  /**
   * On the tutor's text: what the family received, in their language. On the guardian's reply:
   * its English.
   */
  text: string;
}

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
   * the provider said. 'untranslated': it could not be translated, so it was not sent at all.
   */
  deliveryStatus?: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'untranslated';
  /**
   * Present when a translation was involved. The tutor's text keeps `body` (their own words) and
   * shows what the family received on request; the guardian's reply shows its English and keeps
   * `body` (the original) one press away.
   */
  translation?: MessageListTranslation;
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
  /**
   * Sends one of the tutor's untranslated texts exactly as written. Without it, an untranslated
   * text shows no 'Send as written' button.
   */
  onSendAsWritten?: (messageId: string) => void;
  /** Untranslated texts being sent as written: their buttons ignore presses meanwhile. */
  sendingAsWrittenMessageIds?: ReadonlySet<string>;
  /**
   * The family's language, e.g. 'Spanish', named when a text could not be translated into it.
   * Without it the line says only that the text could not be translated.
   */
  familyLanguageName?: string;
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

/** What the line under an untranslated text says: it was not sent, and why. */
export function notSentText(familyLanguageName: string | undefined): string {
  const name = familyLanguageName?.trim();
  return name
    ? `Not sent: it could not be translated into ${name}.`
    : 'Not sent: it could not be translated.';
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
  onSendAsWritten,
  sendingAsWrittenMessageIds = noMessageIds,
  familyLanguageName,
  className,
}: MessageListProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const transcriptRef = useRef<HTMLDivElement>(null);
  const trackPosition = useStickToBottom(logRef, transcriptRef, messages);

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
      {groups.length === 0 ? (
        <p className={styles.empty}>No messages yet.</p>
      ) : (
        <div ref={transcriptRef} className={styles.transcript}>
          {groups.map((group) => (
            <Stack key={group.key} gap="sm" className={styles.group}>
              <Heading level={headingLevel} className={styles.dateLabel}>
                {group.label}
              </Heading>
              <Stack as="ul" gap="sm" className={styles.messages}>
                {group.items.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    sender={senderLabel(message, names)}
                    logRef={logRef}
                    onRetry={onRetry}
                    isRetrying={retryingMessageIds.has(message.id)}
                    onSendAsWritten={onSendAsWritten}
                    isSendingAsWritten={sendingAsWrittenMessageIds.has(message.id)}
                    familyLanguageName={familyLanguageName}
                  />
                ))}
              </Stack>
            </Stack>
          ))}
        </div>
      )}
    </div>
  );
}

interface MessageItemProps {
  message: MessageListMessage;
  /** Who it is shown as coming from: 'You', the guardian's name or the team's label. */
  sender: string;
  logRef: RefObject<HTMLDivElement | null>;
  onRetry: MessageListProps['onRetry'];
  isRetrying: boolean;
  onSendAsWritten: MessageListProps['onSendAsWritten'];
  isSendingAsWritten: boolean;
  familyLanguageName: string | undefined;
}

/** One message: its sender, bubble, translation, time, delivery and what can be done about it. */
function MessageItem({
  message,
  sender,
  logRef,
  onRetry,
  isRetrying,
  onSendAsWritten,
  isSendingAsWritten,
  familyLanguageName,
}: MessageItemProps) {
  const isTutor = message.isFromTutor === 'Yes';
  const { translation } = message;
  // Under 'Not delivered' or under 'Not sent' (untranslated): never both.
  const retryButton = onRetry ? (
    <RetryButton
      message={message}
      onRetry={onRetry}
      isRetrying={isRetrying}
      isBlocked={isSendingAsWritten}
    />
  ) : null;

  return (
    <Stack
      as="li"
      gap="xxs"
      align={isTutor ? 'end' : 'start'}
      className={isTutor ? styles.fromTutor : styles.fromOther}
      data-from-tutor={message.isFromTutor}
      data-delivery-status={isTutor ? message.deliveryStatus : undefined}
    >
      <span className={styles.sender}>
        {sender}
        <span className={visuallyHidden}>:</span>
      </span>
      <p className={isTutor ? styles.bubbleTutor : styles.bubbleOther}>
        {/* A reply shows its English; the tutor's own text, their own words. */}
        {translation && !isTutor ? translation.text : message.body}
      </p>
      {translation ? (
        <TranslationDisclosure
          note={
            isTutor
              ? `Sent in ${translation.languageName}`
              : `Translated from ${translation.languageName}`
          }
          showLabel={isTutor ? 'Show what the family received' : 'Show original'}
          hideLabel={isTutor ? 'Hide what the family received' : 'Hide original'}
          text={isTutor ? translation.text : message.body}
          languageCode={translation.languageCode}
        />
      ) : null}
      <Box
        display="flex"
        flexWrap="wrap"
        alignItems="center"
        columnGap="xs"
        rowGap="xxs"
        className={styles.meta}
      >
        <time dateTime={message.dateSent}>{messageTimeLabel(new Date(message.dateSent))}</time>
        {isTutor && message.deliveryStatus === 'delivered' ? (
          <>
            <span aria-hidden="true">·</span>
            <span>Delivered</span>
          </>
        ) : null}
        {isTutor && isUndelivered(message.deliveryStatus) ? (
          <FailureLine text="Not delivered" logRef={logRef}>
            {retryButton}
          </FailureLine>
        ) : null}
      </Box>
      {isTutor && message.deliveryStatus === 'untranslated' ? (
        <FailureLine text={notSentText(familyLanguageName)} logRef={logRef} isBlock>
          {retryButton}
          {onSendAsWritten ? (
            <Button
              variant="secondary"
              size="small"
              // The visible words start the name (WCAG 2.5.3); the excerpt says which text.
              aria-label={`Send as written: ${messageExcerpt(message.body)}`}
              isPending={isSendingAsWritten}
              pendingLabel="Sending"
              // The other choice for this text is in flight: one of them at a time.
              isDisabled={isRetrying && !isSendingAsWritten}
              onPress={() => onSendAsWritten(message.id)}
            >
              Send as written
            </Button>
          ) : null}
        </FailureLine>
      ) : null}
    </Stack>
  );
}

interface TranslationDisclosureProps {
  /** 'Sent in Spanish' or 'Translated from Spanish'. */
  note: string;
  showLabel: string;
  hideLabel: string;
  /** The text in the family's language, revealed on request. */
  text: string;
  languageCode: string;
}

/**
 * The small line under a translated message, and the other side of the translation one press
 * away (a react-aria Disclosure: the button says whether it is open and which panel it opens).
 */
function TranslationDisclosure({
  note,
  showLabel,
  hideLabel,
  text,
  languageCode,
}: TranslationDisclosureProps) {
  const [isExpanded, setExpanded] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);

  // Opened on the last message, the text would unfold below the log's visible part: bring it
  // into view (only as far as needed).
  useEffect(() => {
    if (isExpanded) textRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isExpanded]);

  return (
    <Disclosure
      isExpanded={isExpanded}
      onExpandedChange={setExpanded}
      className={styles.translation}
    >
      {/* No separator dot between the two: on a phone the button wraps, and a dot would be
          left hanging at the end of the note's line. The gap and the link style keep them apart. */}
      <Box
        display="flex"
        flexWrap="wrap"
        alignItems="center"
        columnGap="xs"
        rowGap="xxs"
        className={styles.translationLine}
      >
        <span>{note}</span>
        <Button slot="trigger" variant="ghost" size="small" className={styles.translationToggle}>
          {isExpanded ? hideLabel : showLabel}
        </Button>
      </Box>
      <DisclosurePanel className={styles.translationPanel}>
        <p ref={textRef} lang={languageCode} className={styles.translatedText}>
          {text}
        </p>
      </DisclosurePanel>
    </Disclosure>
  );
}

interface RetryButtonProps {
  message: MessageListMessage;
  onRetry: (messageId: string) => void;
  isRetrying: boolean;
  /** The text's other action (Send as written) is in flight: this one waits. */
  isBlocked: boolean;
}

function RetryButton({ message, onRetry, isRetrying, isBlocked }: RetryButtonProps) {
  return (
    <Button
      variant="secondary"
      size="small"
      // The visible 'Retry' starts the name (WCAG 2.5.3); the excerpt says which text.
      aria-label={`Retry sending: ${messageExcerpt(message.body)}`}
      isPending={isRetrying}
      pendingLabel="Retrying"
      isDisabled={isBlocked && !isRetrying}
      onPress={() => onRetry(message.id)}
    >
      Retry
    </Button>
  );
}

interface FailureLineProps {
  /** What went wrong, e.g. 'Not delivered'. */
  text: string;
  /**
   * Its own lines under the time (text, then the buttons) instead of a part of the time's line:
   * for a longer text, which would otherwise break away from its separator on a phone.
   */
  isBlock?: boolean;
  /** The actions the page offers for the text (Retry, Send as written). */
  children?: ReactNode;
  logRef: RefObject<HTMLDivElement | null>;
}

/** 'Not delivered' or 'Not sent: ...' and, when the page can act on it, its buttons. */
function FailureLine({ text, isBlock = false, children, logRef }: FailureLineProps) {
  const blockRef = useRef<HTMLDivElement>(null);
  const inlineRef = useRef<HTMLSpanElement>(null);

  // An action that succeeds removes this line, buttons and all. Focus on one of them would fall
  // back to the page's start, so a keyboard user is put back on the transcript instead. This runs
  // before React takes the button out of the document.
  useLayoutEffect(() => {
    const own = blockRef.current ?? inlineRef.current;
    return () => {
      if (own?.contains(own.ownerDocument.activeElement)) {
        logRef.current?.focus({ preventScroll: true });
      }
    };
  }, [logRef]);

  if (isBlock) {
    return (
      <Stack ref={blockRef} gap="xxs" align="end" className={styles.notSent}>
        <p className={styles.notSentText}>{text}</p>
        {children ? (
          <Inline gap="xs" align="end">
            {children}
          </Inline>
        ) : null}
      </Stack>
    );
  }
  return (
    <Box
      as="span"
      ref={inlineRef}
      display="inline-flex"
      flexWrap="wrap"
      alignItems="center"
      gap="xs"
    >
      <span aria-hidden="true">·</span>
      <span className={styles.failureText}>{text}</span>
      {children}
    </Box>
  );
}
