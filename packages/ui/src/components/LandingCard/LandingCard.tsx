import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Card, type CardHeadingLevel } from '../Card/Card';
import { Link } from '../Link/Link';
import * as styles from './LandingCard.css';

export interface LandingCardLink {
  /** The visible link text, which is also its accessible name. */
  label: string;
  href: string;
  /** Opens in a new tab (another site, e.g. the student portal). */
  external?: boolean;
}

export interface LandingCardProps {
  /** The card's heading, e.g. 'Already a tutor?'. */
  title: ReactNode;
  headingLevel?: CardHeadingLevel;
  /** What the visitor should do, e.g. how to sign in. */
  description: ReactNode;
  /** The call to action, shown as a button-like link. */
  action: LandingCardLink;
  /** Further links under the action, introduced by `moreLinksTitle`. */
  moreLinks?: readonly LandingCardLink[];
  /** Heading text of the further links, e.g. 'Not a tutor yet?'. */
  moreLinksTitle?: string;
  /** Id of the card's section (the heading id derives from it). */
  id?: string;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * One audience's way in on the landing page (§1): a titled card that says how to sign in, a
 * call-to-action link, and optional further links. Presentational: every href comes in as a prop.
 */
export function LandingCard({
  title,
  headingLevel = 2,
  description,
  action,
  moreLinks = [],
  moreLinksTitle,
  id,
  className,
}: LandingCardProps) {
  // The further links sit one level under the card's own heading, keeping the outline in order.
  const moreLinksHeadingLevel = Math.min(headingLevel + 1, 6);
  return (
    <Card
      title={title}
      headingLevel={headingLevel}
      id={id}
      className={[styles.card, className].filter(Boolean).join(' ')}
      footer={
        moreLinks.length > 0 ? (
          <div className={styles.moreLinks}>
            {moreLinksTitle ? (
              <Heading level={moreLinksHeadingLevel} className={styles.moreLinksTitle}>
                {moreLinksTitle}
              </Heading>
            ) : null}
            <ul className={styles.linkList}>
              {moreLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} external={link.external} className={styles.moreLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : undefined
      }
    >
      <div className={styles.description}>{description}</div>
      <div>
        <Link
          href={action.href}
          external={action.external}
          variant="primaryButton"
          className={styles.action}
        >
          {action.label}
        </Link>
      </div>
    </Card>
  );
}
