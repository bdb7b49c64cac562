import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Box } from '../Box/Box';
import * as styles from './EmojiPicker.css';

/** The picker's 20 emojis (spec §9), each with its Unicode (CLDR) name as the accessible name. */
export const pickerEmojis = [
  { emoji: '😀', name: 'grinning face' },
  { emoji: '😂', name: 'face with tears of joy' },
  { emoji: '😊', name: 'smiling face with smiling eyes' },
  { emoji: '😍', name: 'smiling face with heart-eyes' },
  { emoji: '🤔', name: 'thinking face' },
  { emoji: '😎', name: 'smiling face with sunglasses' },
  { emoji: '😢', name: 'crying face' },
  { emoji: '😮', name: 'face with open mouth' },
  { emoji: '👍', name: 'thumbs up' },
  { emoji: '👏', name: 'clapping hands' },
  { emoji: '🙌', name: 'raising hands' },
  { emoji: '🙏', name: 'folded hands' },
  { emoji: '💪', name: 'flexed biceps' },
  { emoji: '🎉', name: 'party popper' },
  { emoji: '⭐', name: 'star' },
  { emoji: '🌟', name: 'glowing star' },
  { emoji: '💯', name: 'hundred points' },
  { emoji: '✅', name: 'check mark button' },
  { emoji: '📚', name: 'books' },
  { emoji: '✏️', name: 'pencil' },
] as const;

/* A smiling face outline (the shared Icon set has none); decorative, the button is named. */
function SmileIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15ZM6.8 11.8a4 4 0 0 0 6.4 0M7.5 8v.01M12.5 8v.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface EmojiPickerProps {
  /** Called with the chosen emoji; the picker then closes and focus returns to its button. */
  onSelect: (emoji: string) => void;
  /** Name of the trigger button; default 'Insert emoji'. */
  label?: string;
  isDisabled?: boolean;
  /** Open on arrival (stories and screenshots). */
  defaultOpen?: boolean;
}

/**
 * A button that opens a popover of 20 emojis (spec §2 messenger). Built on react-aria-components
 * DialogTrigger, Popover and Dialog: Escape or a click outside closes it and focus returns to
 * the button. Each emoji button is named by the emoji's name, e.g. 'grinning face'.
 */
export function EmojiPicker({
  onSelect,
  label = 'Insert emoji',
  isDisabled = false,
  defaultOpen,
}: EmojiPickerProps) {
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <AriaButton aria-label={label} isDisabled={isDisabled} className={styles.trigger}>
        <SmileIcon />
      </AriaButton>
      <Popover placement="top end" className={styles.popover}>
        <Dialog aria-label="Emoji" className={styles.dialog}>
          {({ close }) => (
            <Box display="grid" gap="xs" className={styles.grid}>
              {pickerEmojis.map(({ emoji, name }) => (
                <AriaButton
                  key={name}
                  aria-label={name}
                  className={styles.emoji}
                  onPress={() => {
                    onSelect(emoji);
                    close();
                  }}
                >
                  <span aria-hidden="true">{emoji}</span>
                </AriaButton>
              ))}
            </Box>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
