import { type KeyboardEvent, useRef, useState } from 'react';
import { Label, Text, TextArea, TextField } from 'react-aria-components';
import { Button } from '../Button/Button';
import { EmojiPicker } from '../EmojiPicker/EmojiPicker';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './Composer.css';

export interface ComposerProps {
  /**
   * Sends the trimmed text (POST tutor/send-message). The composer disables sending until the
   * promise settles; on resolve it clears the text, on reject it keeps the text (spec §8) so
   * the tutor can try again.
   */
  onSend: (text: string) => Promise<void>;
  /** Visible label of the text field; default 'Message'. */
  label?: string;
  /** Disables the whole composer (e.g. the chat is closed). */
  isDisabled?: boolean;
  /** Initial text (stories). */
  defaultValue?: string;
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

/**
 * The message box of the messenger (spec §4, §5): Enter sends, Shift+Enter adds a new line;
 * sending is disabled for empty or whitespace-only text and while a send is in progress. An
 * emoji picker inserts at the caret. Built on react-aria-components TextField and TextArea.
 */
export function Composer({
  onSend,
  label = 'Message',
  isDisabled = false,
  defaultValue = '',
  textNote,
  className,
}: ComposerProps) {
  const [text, setText] = useState(defaultValue);
  const [isSending, setSending] = useState(false);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const canSend = !isDisabled && !isSending && messageToSend(text) !== '';
  const note = textNote?.(messageToSend(text)) ?? null;

  const send = async () => {
    if (!canSend) return;
    const sentText = text;
    setSending(true);
    try {
      await onSend(messageToSend(sentText));
      // Anything typed while sending stays.
      setText((current) => (current === sentText ? '' : current));
    } catch {
      // Kept for another try; the caller reports the failure (spec §8).
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const insertEmoji = (emoji: string) => {
    const area = textAreaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
  };

  return (
    <Stack gap="xs" className={className}>
      <Inline gap="sm" alignY="end" wrap={false}>
        <TextField value={text} onChange={setText} isDisabled={isDisabled} className={styles.field}>
          <Label className={styles.label}>{label}</Label>
          <TextArea ref={textAreaRef} onKeyDown={onKeyDown} rows={2} className={styles.textArea} />
          <Text slot="description" className={styles.hint}>
            Enter sends. Shift+Enter adds a new line.
            {note ? <span className={styles.note}> {note}</span> : null}
          </Text>
        </TextField>
      </Inline>
      <Inline gap="sm" alignY="end" wrap={false}>
        <EmojiPicker onSelect={insertEmoji} isDisabled={isDisabled} />
        <Button
          onPress={() => void send()}
          isDisabled={!isSending && !canSend}
          isPending={isSending}
          pendingLabel="Sending..."
        >
          Send
        </Button>
      </Inline>
    </Stack>
  );
}
