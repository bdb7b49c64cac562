import type { ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { visuallyHidden } from '../../theme/utilities.css';
import * as styles from './Link.css';

export type LinkVariant = 'inline' | 'primaryButton' | 'secondaryButton';

export interface LinkProps
  extends Omit<AriaLinkProps, 'className' | 'style' | 'children' | 'target' | 'rel'> {
  href: string;
  children: ReactNode;
  /**
   * Opens in a new tab with rel="noopener noreferrer", shows an icon and tells assistive
   * technology '(opens in a new tab)'.
   */
  external?: boolean;
  /** 'inline' for links in running text; the button-like variants for call-to-action links. */
  variant?: LinkVariant;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/** Text shown to assistive technology after the name of every external link. */
export const externalLinkHint = '(opens in a new tab)';

function ExternalIcon() {
  return (
    <svg
      className={styles.externalIcon}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-external-icon=""
    >
      <path
        d="M9 2h5v5M14 2 7.5 8.5M12 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A navigation link on the react-aria-components Link. Internal hrefs navigate through the
 * app's RAC RouterProvider; `external` links open a new tab and say so, visually and to
 * screen readers.
 */
export function Link({
  href,
  children,
  external = false,
  variant = 'inline',
  className,
  ...ariaProps
}: LinkProps) {
  const classNames = [styles.variant[variant], className].filter(Boolean).join(' ');
  return (
    <AriaLink
      {...ariaProps}
      href={href}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      className={classNames}
    >
      {children}
      {external ? (
        <>
          <ExternalIcon />
          <span className={visuallyHidden}> {externalLinkHint}</span>
        </>
      ) : null}
    </AriaLink>
  );
}
