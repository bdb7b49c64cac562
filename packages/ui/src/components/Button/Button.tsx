import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/**
 * medium: the product's 44 px target. small: 24 px, the WCAG 2.2 minimum, only for an action that
 * sits inside a line of small text (e.g. Retry beside a message's time), where a 44 px button
 * would push the line apart.
 */
export type ButtonSize = 'medium' | 'small';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style' | 'children'> {
  /** Visual emphasis: one primary action per view; secondary and ghost for the rest. */
  variant?: ButtonVariant;
  /** Default medium; small only inside a line of small text (see ButtonSize). */
  size?: ButtonSize;
  children: ReactNode;
  /**
   * Shows a spinner and marks the button busy: it stays focusable but ignores presses
   * (react-aria-components announces the change to screen readers).
   */
  isPending?: boolean;
  /** Text shown (and announced) while pending, e.g. 'Sending Magic Link'. Defaults to `children`. */
  pendingLabel?: string;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * The product's action button, built on the react-aria-components Button: press, keyboard
 * (Enter and Space) and focus handling come from it. At least 44 px tall (WCAG 2.2 2.5.8), or
 * 24 px in the small size.
 */
export function Button({
  variant = 'primary',
  size = 'medium',
  children,
  isPending = false,
  pendingLabel,
  fullWidth = false,
  className,
  type = 'button',
  ...ariaProps
}: ButtonProps) {
  const classNames = [
    styles.size[size],
    styles.variant[variant],
    fullWidth ? styles.fullWidth : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <AriaButton {...ariaProps} type={type} isPending={isPending} className={classNames}>
      {isPending ? (
        <>
          <Spinner size="small" label={pendingLabel ?? 'In progress'} />
          <span>{pendingLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </AriaButton>
  );
}
