import type { ReactNode } from 'react';
import * as styles from './Notice.css';

/** The notice variants of spec §4. */
export type NoticeVariant = 'failure' | 'info' | 'success' | 'warn';

export interface NoticeProps {
  variant: NoticeVariant;
  /** Bold first line, e.g. the error code of a failed sign-in (§2: code, then message). */
  title?: ReactNode;
  /** The message. */
  children?: ReactNode;
  /**
   * Whether the notice is a live region (failure: role alert; others: role status). Set false
   * for static notes that are part of the page, such as a translation hint in a list row.
   */
  announce?: boolean;
  /**
   * The server's id of the failed request, shown as "Reference: …" under the message so a
   * volunteer can quote it to support (who find its log lines by it).
   */
  reference?: string;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

const liveRole: Record<NoticeVariant, 'alert' | 'status'> = {
  failure: 'alert',
  info: 'status',
  success: 'status',
  warn: 'status',
};

/* Each variant has its own icon shape, so the meaning never rests on colour alone (WCAG 1.4.1). */
const iconPath: Record<NoticeVariant, string> = {
  failure: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-3 5 6 6m0-6-6 6',
  info: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 7v5m0-8v.01',
  success: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-4 8 2.8 2.8L14 7.5',
  warn: 'M10 2.5 18 17H2L10 2.5Zm0 5.5v4m0 3v.01',
};

/**
 * A message banner in one of four variants: failure, info, success, warn. A failure is an
 * alert (announced at once); the others are polite status messages.
 */
export function Notice({
  variant,
  title,
  children,
  announce = true,
  reference,
  className,
}: NoticeProps) {
  const classNames = [styles.variant[variant], className].filter(Boolean).join(' ');
  return (
    <div
      role={announce ? liveRole[variant] : undefined}
      data-variant={variant}
      className={classNames}
    >
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          d={iconPath[variant]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className={styles.content}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
        {reference ? (
          <p className={styles.reference}>
            Reference: <span translate="no">{reference}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
