import { useEffect, useRef, useState } from 'react';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Button, type ButtonVariant } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import * as styles from './CopyLinkButton.css';

/** How long the tick and 'Copied!' show (spec §4, §9: 2 seconds). */
export const copyConfirmationMs = 2000;

/** Runs `callback` after `ms`; returns a function that cancels it. */
export type Scheduler = (callback: () => void, ms: number) => () => void;

const timeoutScheduler: Scheduler = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

export interface CopyLinkButtonProps {
  /** What is copied, e.g. the assessment link. */
  text: string;
  /** The button text, e.g. 'Copy to Clipboard' or 'Copy Assessment Link'. */
  label: string;
  /** Shown with a tick after copying; default 'Copied!'. */
  copiedLabel?: string;
  /** Copies the text; default the browser clipboard (`navigator.clipboard.writeText`). */
  onCopy?: (text: string) => Promise<void> | void;
  /** Schedules the end of the confirmation; default `setTimeout`. Stories inject a manual clock. */
  schedule?: Scheduler;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * Copies a link and confirms it with a tick and 'Copied!' for 2 seconds (spec §4), then reads
 * its label again. A polite status message tells screen-reader users the link was copied (or
 * that copying failed).
 */
export function CopyLinkButton({
  text,
  label,
  copiedLabel = 'Copied!',
  onCopy = clipboardCopy,
  schedule = timeoutScheduler,
  variant = 'secondary',
  className,
}: CopyLinkButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const cancelReset = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelReset.current?.(), []);

  const copy = async () => {
    cancelReset.current?.();
    try {
      await onCopy(text);
      setState('copied');
      cancelReset.current = schedule(() => {
        cancelReset.current = null;
        setState('idle');
      }, copyConfirmationMs);
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <Button
        variant={variant}
        onPress={() => void copy()}
        className={className}
        data-copied={state === 'copied' ? 'true' : 'false'}
      >
        {state === 'copied' ? (
          <Box as="span" display="inline-flex" alignItems="center" className={styles.content}>
            <Icon name="check" size="small" />
            {copiedLabel}
          </Box>
        ) : (
          <Box as="span" display="inline-flex" alignItems="center" className={styles.content}>
            <Icon name="copy" size="small" />
            {label}
          </Box>
        )}
      </Button>
      <span role="status" className={visuallyHidden}>
        {state === 'copied' ? 'Link copied to the clipboard.' : null}
        {state === 'failed' ? 'The link could not be copied.' : null}
      </span>
    </>
  );
}
