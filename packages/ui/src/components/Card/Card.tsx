import { type ReactNode, useId } from 'react';
import { Heading } from 'react-aria-components';
import * as styles from './Card.css';

export type CardHeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface CardProps {
  /** The card's heading; it also names the section (a landmark region). */
  title: ReactNode;
  /** Heading level that fits the page outline; h1 belongs to the page. */
  headingLevel?: CardHeadingLevel;
  children: ReactNode;
  /** An actions row under the body (buttons, links). */
  footer?: ReactNode;
  /** Id of the section; the heading id is derived from it. */
  id?: string;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/** A titled section on a raised surface, with an optional footer for actions. */
export function Card({ title, headingLevel = 2, children, footer, id, className }: CardProps) {
  const generatedId = useId();
  const headingId = `${id ?? generatedId}-heading`;
  const classNames = [styles.card, className].filter(Boolean).join(' ');
  return (
    <section id={id} aria-labelledby={headingId} className={classNames}>
      <Heading level={headingLevel} id={headingId} className={styles.title}>
        {title}
      </Heading>
      <div className={styles.body}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
