import {
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Label, Text, TextArea, TextField } from 'react-aria-components';
import { Button } from '../Button/Button';
import { EmojiPicker } from '../EmojiPicker/EmojiPicker';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import * as styles from './Composer.css';

/**
 * What Enter does in the message box: 'send' with a keyboard (Shift+Enter adds a new line), or
 * 'newLine' on a touch screen, whose on-screen keyboard has no Shift+Enter and whose Enter key
 * is where a new line is expected; the Send button sends.
 */
export type EnterKeyBehaviour = 'send' | 'newLine';

export interface ComposerProps {
  /**
   * Sends the trimmed text (POST tutor/send-message). The box empties at once, as the text goes
   * into the chat as 'Sending…'; sending is disabled until the promise settles. On reject the
   * text comes back into the box (spec §8: a failed send leaves the text in place) so the tutor
   * can try again.
   */
  onSend: (text: string) => Promise<void>;
  /** Visible label of the text field; default 'Message'. */
  label?: string;
  /** Disables the whole composer (e.g. the chat is closed). */
  isDisabled?: boolean;
  /**
   * Why nothing can be sent (e.g. the family opted out of texts): the composer is disabled, and
   * this text, shown under the box in place of the Enter hint, is the field's description, so a
   * screen reader says why with the field. What was typed stays in the box.
   */
  disabledReason?: string | null;
  /**
   * A text handed back to the box (a cancelled scheduled text): each new `key` puts its `text`
   * in, before anything typed since, as a failed send does.
   */
  returnedText?: { key: string | number; text: string } | null;
  /**
   * Why Send waits although there is text (e.g. the device is offline): the box stays editable and
   * Send stays focusable, but neither Send nor Enter sends; this text, shown under the box, is the
   * Send button's description. Nothing is sent by itself when it goes: the tutor presses Send.
   */
  waitingReason?: string | null;
  /** Initial text: a kept draft, or a story's text. */
  defaultValue?: string;
  /**
   * Called with the text not yet known to be sent whenever it changes: the box's text, with a text
   * on its way before it (it comes back if the send fails). '' once everything typed was sent or
   * the box was emptied. For keeping a draft across a reload.
   */
  onDraftChange?: (draft: string) => void;
  /**
   * What Enter does. Default: 'newLine' on a device whose only pointer is coarse (a phone or a
   * tablet without a mouse or trackpad), 'send' otherwise.
   */
  enterKey?: EnterKeyBehaviour;
  /**
   * A note on the text being typed, shown under the field and part of its description (e.g.
   * how many texts it will go out as); null for none. Plain text that follows the typing: it is
   * read with the field, not announced on every keystroke.
   */
  textNote?: (text: string) => string | null;
  className?: string;
}

/** The text that is sent: surrounding whitespace trimmed; empty means nothing to send. */
export function messageToSend(text: string): string {
  return text.trim();
}

/** The hint under the box, saying what Enter does here. */
export function enterKeyHint(behaviour: EnterKeyBehaviour): string {
  return behaviour === 'send'
    ? 'Enter sends. Shift+Enter adds a new line.'
    : 'Enter adds a new line. Press Send to send.';
}

/** A touch screen without a mouse or trackpad: its Enter key adds a new line. */
const coarsePointer = '(any-pointer: coarse)';
const finePointer = '(any-pointer: fine)';

function isTouchOnly(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  return window.matchMedia(coarsePointer).matches && !window.matchMedia(finePointer).matches;
}

function subscribeToPointers(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  // A mouse or keyboard plugged into a tablet, or taken away, changes what Enter should do.
  const queries = [window.matchMedia(coarsePointer), window.matchMedia(finePointer)];
  for (const query of queries) query.addEventListener?.('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener?.('change', onChange);
  };
}

/** 'newLine' on a touch-only device, 'send' otherwise (and where it cannot be told). */
function useDeviceEnterKey(): EnterKeyBehaviour {
  const touchOnly = useSyncExternalStore(subscribeToPointers, isTouchOnly, () => false);
  return touchOnly ? 'newLine' : 'send';
}

/** A text back in the box, before anything typed since, so nothing is lost. */
function withTextBack(current: string, back: string): string {
  return current.trim() === '' ? back : `${back}\n${current}`;
}

/**
 * The text and its sending: the box empties as a send starts; a failed send puts the text back
 * (before anything typed since, so nothing is lost); one send at a time. A returned text comes
 * back the same way, once per key. The draft is what a failed send would leave in the box.
 */
function useSending(
  defaultValue: string,
  onSend: ComposerProps['onSend'],
  returnedText: ComposerProps['returnedText'],
) {
  const [text, setText] = useState(defaultValue);
  const returnedKey = returnedText?.key;
  const returned = useRef(returnedText);
  returned.current = returnedText;
  useEffect(() => {
    const back = returned.current;
    if (returnedKey === undefined || !back) return;
    setText((current) => withTextBack(current, back.text));
  }, [returnedKey]);
  // The text on its way, null when none is.
  const [sendingText, setSendingText] = useState<string | null>(null);
  // Known as soon as a send starts, before React renders again: a second Enter in the same
  // moment starts nothing.
  const inFlight = useRef(false);

  const send = async () => {
    const sentText = messageToSend(text);
    if (inFlight.current || sentText === '') return;
    inFlight.current = true;
    setSendingText(sentText);
    setText('');
    try {
      await onSend(sentText);
    } catch {
      // Back in the box for another try; the caller reports the failure (spec §8).
      setText((current) => withTextBack(current, sentText));
    } finally {
      inFlight.current = false;
      setSendingText(null);
    }
  };
  const draft = sendingText === null ? text : withTextBack(text, sendingText);
  return { text, setText, isSending: sendingText !== null, send, draft };
}

/** Reports each change of the draft (not the first text, which the caller gave). */
function useDraftReport(draft: string, onDraftChange: ComposerProps['onDraftChange']) {
  const report = useRef(onDraftChange);
  report.current = onDraftChange;
  const reported = useRef(draft);
  useEffect(() => {
    if (reported.current === draft) return;
    reported.current = draft;
    report.current?.(draft);
  }, [draft]);
}

/**
 * The message box of the messenger (spec §4, §5): with a keyboard Enter sends and Shift+Enter
 * adds a new line; on a touch screen Enter adds a new line and the Send button sends; the hint
 * under the box says which. Sending is disabled for empty or whitespace-only text and while a
 * send is in progress. An emoji picker inserts at the caret. Built on react-aria-components
 * TextField and TextArea, the buttons beside the box so it takes little height on a phone. With
 * a `disabledReason` nothing can be sent, and the reason is said in place of the hint; with a
 * `waitingReason` Send waits, and says why.
 */
export function Composer({
  onSend,
  label = 'Message',
  isDisabled: isDisabledByCaller = false,
  disabledReason,
  returnedText,
  waitingReason,
  defaultValue = '',
  onDraftChange,
  enterKey,
  textNote,
  className,
}: ComposerProps) {
  const isDisabled = isDisabledByCaller || Boolean(disabledReason);
  const { text, setText, isSending, send, draft } = useSending(defaultValue, onSend, returnedText);
  useDraftReport(draft, onDraftChange);
  const waitingId = useId();
  const isWaiting = !isDisabled && Boolean(waitingReason);
  const deviceEnterKey = useDeviceEnterKey();
  const enterBehaviour = enterKey ?? deviceEnterKey;
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const canSend = !isDisabled && !isWaiting && !isSending && messageToSend(text) !== '';
  const note = textNote?.(messageToSend(text)) ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (enterBehaviour === 'newLine') return;
    event.preventDefault();
    if (canSend) void send();
  };

  const insertEmoji = (emoji: string) => {
    const area = textAreaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
  };

  return (
    <TextField
      value={text}
      onChange={setText}
      isDisabled={isDisabled}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      <Inline gap="xs" alignY="end" wrap={false}>
        <TextArea
          ref={textAreaRef}
          onKeyDown={onKeyDown}
          rows={2}
          enterKeyHint={enterBehaviour === 'send' ? 'send' : 'enter'}
          className={styles.textArea}
        />
        <EmojiPicker onSelect={insertEmoji} isDisabled={isDisabled} />
        <Button
          onPress={() => {
            if (canSend) void send();
          }}
          // While it waits it stays focusable, so its description says why it does not send.
          isDisabled={!isSending && !isWaiting && !canSend}
          isPending={isSending}
          pendingLabel="Sending..."
          aria-describedby={isWaiting ? waitingId : undefined}
        >
          Send
        </Button>
      </Inline>
      {isWaiting ? (
        <p id={waitingId} className={styles.waitingReason}>
          <Icon name="alert" size="small" className={styles.reasonIcon} />
          <span>{waitingReason}</span>
        </p>
      ) : null}
      {disabledReason ? (
        <Text slot="description" className={styles.disabledReason}>
          <Icon name="alert" size="small" className={styles.reasonIcon} />
          <span>{disabledReason}</span>
        </Text>
      ) : (
        <Text slot="description" className={styles.hint}>
          {enterKeyHint(enterBehaviour)}
          {note ? <span className={styles.note}> {note}</span> : null}
        </Text>
      )}
    </TextField>
  );
}
