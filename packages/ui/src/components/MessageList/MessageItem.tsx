import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Disclosure, DisclosurePanel } from 'react-aria-components';
import { messageTimeLabel } from '../../lib/messageDates/messageDates';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Inline } from '../Inline/Inline';
import { MessagePhoto, type PhotoLoader } from '../MessagePhoto/MessagePhoto';
import { Stack } from '../Stack/Stack';
import * as styles from './MessageList.css';
import {
  hasActions,
  type MessageSender,
  type MessageStatus,
  messageExcerpt,
} from './messageStatus';

/** A message's translation, when one was involved. */
export interface MessageListTranslation {
  /** The family's language, e.g. 'Spanish'. */
  languageName: string;
  /** Its BCP 47 tag, e.g. 'es': the `lang` of the text in that language. */
  languageCode: string;
  /**
   * On the tutor's text: what the family received, in their language. On the family's reply:
   * its English.
   */
  text: string;
}

/** A picture a family sent with a message. */
export interface MessageListPhoto {
  /** Its id, for the list's `loadPhoto`. */
  id: string;
}

/** One message of the chat, in the product's words (the portal maps the api's Message to it). */
export interface MessageListMessage {
  id: string;
  from: MessageSender;
  /**
   * The words as written: the tutor's own, or the family's original. Empty for a picture sent
   * without words.
   */
  text: string;
  /** When it was sent (ISO 8601). */
  sentAt: string;
  /** On the tutor's own texts: how far it got. */
  status?: MessageStatus;
  /** On a scheduled text: when it goes, the end of the family's quiet hours (ISO 8601). */
  scheduledFor?: string;
  /** On a text not delivered: why, in plain words ('the carrier blocked it as spam'). */
  failureReason?: string;
  /** On the tutor's own text: sent in their own words, untranslated, by their choice. */
  sentAsWritten?: boolean;
  /**
   * Present when a translation was involved. The tutor's text keeps `text` (their own words) and
   * shows what the family received on request; the family's reply shows its English and keeps
   * `text` (the original) one press away.
   */
  translation?: MessageListTranslation;
  /** On a family's reply: it should have been translated and was not. */
  notTranslated?: boolean;
  /** The pictures a family sent with it, in the order sent. */
  photos?: readonly MessageListPhoto[];
}

/** What every message of one list shares: the actions, the languages, the photo loader. */
export interface MessageItemContext {
  logRef: RefObject<HTMLDivElement | null>;
  onRetry: ((messageId: string) => void) | undefined;
  onSendAsWritten: ((messageId: string) => void) | undefined;
  onSendNow: ((messageId: string) => void) | undefined;
  onCancelScheduled: ((messageId: string) => void) | undefined;
  familyLanguage: { name: string; code: string } | null | undefined;
  tutorLanguageName: string;
  loadPhoto: PhotoLoader | undefined;
}

/** Which of the tutor's actions on one text are in flight. */
export interface PendingActions {
  retrying: boolean;
  sendingAsWritten: boolean;
  sendingNow: boolean;
  cancelling: boolean;
}

export interface MessageItemProps {
  message: MessageListMessage;
  /** Who it is shown as coming from: 'You', the guardian's name or the team's label. */
  sender: string;
  /** Its status line ('Sent', 'Not delivered: …'), for the tutor's own texts; else null. */
  statusText: string | null;
  pending: PendingActions;
  context: MessageItemContext;
}

/** One message: its sender, bubble, translation note, time, status and what can be done. */
export function MessageItem({ message, sender, statusText, pending, context }: MessageItemProps) {
  const isTutor = message.from === 'tutor';
  const isBeingSent = pending.retrying || pending.sendingAsWritten || pending.sendingNow;
  // A text that needs the tutor, or that is held for later, shows its status in a block of its
  // own, with its buttons; the others beside their time.
  const needsTutor = isTutor && hasActions(message.status);
  return (
    <Stack
      as="li"
      gap="xxs"
      align={isTutor ? 'end' : 'start'}
      className={isTutor ? styles.fromTutor : styles.fromOther}
      data-from={message.from}
      data-status={isTutor ? message.status : undefined}
    >
      <span className={styles.sender}>
        {sender}
        <span className={visuallyHidden}>:</span>
      </span>
      <Bubble message={message} sender={sender} context={context} />
      <MessageNote message={message} context={context} />
      <Box
        display="flex"
        flexWrap="wrap"
        alignItems="center"
        columnGap="xs"
        rowGap="xxs"
        className={styles.meta}
      >
        <time dateTime={message.sentAt}>{messageTimeLabel(new Date(message.sentAt))}</time>
        {statusText !== null && !needsTutor ? (
          <>
            <span aria-hidden="true">·</span>
            <span data-message-status="">{statusText}</span>
          </>
        ) : null}
      </Box>
      {needsTutor && statusText !== null ? (
        <ActionBlock
          text={statusText}
          tone={isBeingSent ? 'sending' : message.status === 'scheduled' ? 'scheduled' : 'failure'}
          logRef={context.logRef}
        >
          {!offersActions(message.status, context) ? null : message.status === 'scheduled' ? (
            <ScheduledActions message={message} pending={pending} context={context} />
          ) : (
            <FailureActions message={message} pending={pending} context={context} />
          )}
        </ActionBlock>
      ) : null}
    </Stack>
  );
}

/** Whether the page offers any action for a text in this state. */
function offersActions(status: MessageStatus | undefined, context: MessageItemContext): boolean {
  if (status === 'scheduled') return Boolean(context.onSendNow || context.onCancelScheduled);
  return Boolean(context.onRetry || (status === 'notSent' && context.onSendAsWritten));
}

interface ActionsProps {
  message: MessageListMessage;
  pending: PendingActions;
  context: MessageItemContext;
}

/** Retry, and Send as written for a text not sent, as far as the page offers them. */
function FailureActions({ message, pending, context }: ActionsProps) {
  const { onRetry, onSendAsWritten } = context;
  return (
    <>
      {onRetry ? (
        <RetryButton
          message={message}
          onRetry={onRetry}
          isRetrying={pending.retrying}
          isBlocked={pending.sendingAsWritten}
        />
      ) : null}
      {message.status === 'notSent' && onSendAsWritten ? (
        <Button
          variant="secondary"
          size="small"
          // The visible words start the name (WCAG 2.5.3); the excerpt says which text.
          aria-label={`Send in ${context.tutorLanguageName} as written: ${messageExcerpt(message.text)}`}
          isPending={pending.sendingAsWritten}
          pendingLabel="Sending"
          // The other choice for this text is in flight: one of them at a time.
          isDisabled={pending.retrying && !pending.sendingAsWritten}
          onPress={() => onSendAsWritten(message.id)}
        >
          {`Send in ${context.tutorLanguageName}`}
        </Button>
      ) : null}
    </>
  );
}

/**
 * Send now and Cancel for a text held for the family's quiet hours, as far as the page offers
 * them; one of them at a time.
 */
function ScheduledActions({ message, pending, context }: ActionsProps) {
  const { onSendNow, onCancelScheduled } = context;
  const excerpt = messageExcerpt(message.text);
  return (
    <>
      {onSendNow ? (
        <Button
          variant="secondary"
          size="small"
          aria-label={`Send now: ${excerpt}`}
          isPending={pending.sendingNow}
          pendingLabel="Sending"
          isDisabled={pending.cancelling}
          onPress={() => onSendNow(message.id)}
        >
          Send now
        </Button>
      ) : null}
      {onCancelScheduled ? (
        <Button
          variant="secondary"
          size="small"
          aria-label={`Cancel scheduled text: ${excerpt}`}
          isPending={pending.cancelling}
          pendingLabel="Cancelling"
          isDisabled={pending.sendingNow}
          onPress={() => onCancelScheduled(message.id)}
        >
          Cancel
        </Button>
      ) : null}
    </>
  );
}

interface BubbleProps {
  message: MessageListMessage;
  sender: string;
  context: MessageItemContext;
}

/**
 * The bubble: a reply's English where it was translated, the tutor's own words otherwise, and
 * the pictures a family sent (each named after the sender), above any words that came with them.
 */
function Bubble({ message, sender, context }: BubbleProps) {
  const isTutor = message.from === 'tutor';
  const text = message.translation && !isTutor ? message.translation.text : message.text;
  // An untranslated reply is in the family's language: marked so, a screen reader reads it right.
  const lang = message.notTranslated && !isTutor ? context.familyLanguage?.code : undefined;
  const photos = message.photos ?? [];
  const bubbleStyle = isTutor ? styles.bubbleTutor : styles.bubbleOther;
  if (photos.length === 0) {
    return (
      <p className={bubbleStyle} lang={lang}>
        {text}
      </p>
    );
  }
  return (
    <Stack gap="xs" className={[bubbleStyle, styles.bubbleWithPhotos].join(' ')}>
      {photos.map((photo, index) => {
        const alt =
          photos.length === 1
            ? `Photo from ${sender}`
            : `Photo ${index + 1} of ${photos.length} from ${sender}`;
        return context.loadPhoto ? (
          <MessagePhoto key={photo.id} photoId={photo.id} alt={alt} load={context.loadPhoto} />
        ) : (
          <p key={photo.id} className={styles.bubbleText}>
            {alt}
          </p>
        );
      })}
      {text.trim() !== '' ? (
        <p className={styles.bubbleText} lang={lang}>
          {text}
        </p>
      ) : null}
    </Stack>
  );
}

interface MessageNoteProps {
  message: MessageListMessage;
  context: MessageItemContext;
}

/**
 * The small line under a bubble about its language: 'Sent in Spanish' or 'Translated from
 * Spanish' with the other side one press away; 'Sent in English, as written' for a text the
 * tutor chose to send untranslated; 'Not translated' for a reply that should have been and was
 * not, so nothing promises a translation that is not there.
 */
function MessageNote({ message, context }: MessageNoteProps) {
  const isTutor = message.from === 'tutor';
  if (isTutor && message.sentAsWritten) {
    return <p className={styles.note}>{`Sent in ${context.tutorLanguageName}, as written`}</p>;
  }
  if (!isTutor && message.notTranslated && !message.translation) {
    return <p className={styles.note}>Not translated</p>;
  }
  const { translation } = message;
  if (!translation) return null;
  return (
    <TranslationDisclosure
      note={
        isTutor
          ? `Sent in ${translation.languageName}`
          : `Translated from ${translation.languageName}`
      }
      showLabel={isTutor ? 'Show what the family received' : 'Show original'}
      hideLabel={isTutor ? 'Hide what the family received' : 'Hide original'}
      text={isTutor ? translation.text : message.text}
      languageCode={translation.languageCode}
    />
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
      aria-label={`Retry sending: ${messageExcerpt(message.text)}`}
      isPending={isRetrying}
      pendingLabel="Retrying"
      isDisabled={isBlocked && !isRetrying}
      onPress={() => onRetry(message.id)}
    >
      Retry
    </Button>
  );
}

interface ActionBlockProps {
  /**
   * What went wrong ('Not delivered: …', 'Not sent: …'), when a held text goes ('Scheduled for
   * 8:00 AM'), or 'Sending…' while it goes.
   */
  text: string;
  tone: 'failure' | 'scheduled' | 'sending';
  /** The actions the page offers for the text (Retry, Send as written; Send now, Cancel). */
  children?: ReactNode;
  logRef: RefObject<HTMLDivElement | null>;
}

const actionTextStyle = {
  failure: styles.actionText,
  scheduled: styles.actionScheduled,
  sending: styles.actionSending,
} as const;

/**
 * The status of a text that needs the tutor or waits for later, on its own lines under the time
 * (a reason is too long to share the time's line on a phone), and, when the page can act on it,
 * its buttons.
 */
function ActionBlock({ text, tone, children, logRef }: ActionBlockProps) {
  const blockRef = useRef<HTMLElement>(null);

  // An action that succeeds removes this block, buttons and all. Focus on one of them would fall
  // back to the page's start, so a keyboard user is put back on the transcript instead. This runs
  // before React takes the button out of the document.
  useLayoutEffect(() => {
    const own = blockRef.current;
    return () => {
      if (own?.contains(own.ownerDocument.activeElement)) {
        logRef.current?.focus({ preventScroll: true });
      }
    };
  }, [logRef]);

  return (
    <Stack ref={blockRef} gap="xxs" align="end" className={styles.actionBlock}>
      <p className={actionTextStyle[tone]} data-message-status="">
        {text}
      </p>
      {children ? (
        <Inline gap="xs" align="end">
          {children}
        </Inline>
      ) : null}
    </Stack>
  );
}
