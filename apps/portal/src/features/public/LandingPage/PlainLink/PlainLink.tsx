import { visuallyHidden } from '@tutoring/ui/theme/utilities.css';
import type { ReactNode } from 'react';
import * as styles from './PlainLink.css';

export type PlainLinkVariant = 'inline' | 'primaryButton';

export interface PlainLinkProps {
  href: string;
  children: ReactNode;
  /** Opens in a new tab with rel="noopener noreferrer", and says so (icon and hidden text). */
  external?: boolean;
  variant?: PlainLinkVariant;
  /** Layout only, from the caller's own `.css.ts`. */
  className?: string;
}

/** The same words as the ui Link's hint, so both kinds of links sound alike to screen readers. */
const externalLinkHint = '(opens in a new tab)';

/**
 * The ui Link as a plain anchor, without react-aria or the router: the landing page renders on
 * its own (src/main.tsx) to stay within its JS budget, and a page load is all its links need.
 */
export function PlainLink({
  href,
  children,
  external = false,
  variant = 'inline',
  className,
}: PlainLinkProps) {
  return (
    <a
      href={href}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      className={[styles.variant[variant], className].filter(Boolean).join(' ')}
    >
      {children}
      {external ? (
        <>
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
          <span className={visuallyHidden}> {externalLinkHint}</span>
        </>
      ) : null}
    </a>
  );
}
