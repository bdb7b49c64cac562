// The ui Card's and LandingCard's own styles: only the links differ (see PlainLink).
import * as cardStyles from '@tutoring/ui/components/Card/Card.css';
import * as styles from '@tutoring/ui/components/LandingCard/LandingCard.css';
import type { ReactNode } from 'react';
import { PlainLink } from '../PlainLink/PlainLink';

export interface AudienceCardLink {
  label: string;
  href: string;
  /** Opens in a new tab (another site, e.g. the student portal). */
  external?: boolean;
}

export interface AudienceCardProps {
  /** Id of the card's section; its heading's id derives from it, and names the section. */
  id: string;
  /** The card's heading (h2), e.g. 'Already a tutor?'. */
  title: string;
  description: ReactNode;
  /** The call to action, shown as a button-like link. */
  action: AudienceCardLink;
  /** Further links under the action, under the heading `moreLinksTitle` (h3). */
  moreLinks?: readonly AudienceCardLink[];
  moreLinksTitle?: string;
}

/**
 * One audience's way in on the landing page (§1): the ui LandingCard's markup and look, with
 * plain links (see PlainLink for why).
 */
export function AudienceCard({
  id,
  title,
  description,
  action,
  moreLinks = [],
  moreLinksTitle,
}: AudienceCardProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`${cardStyles.card} ${styles.card}`}>
      <h2 id={headingId} className={cardStyles.title}>
        {title}
      </h2>
      <div className={cardStyles.body}>
        <div className={styles.description}>{description}</div>
        <div>
          <PlainLink
            href={action.href}
            external={action.external}
            variant="primaryButton"
            className={styles.action}
          >
            {action.label}
          </PlainLink>
        </div>
      </div>
      {moreLinks.length > 0 ? (
        <div className={cardStyles.footer}>
          <div className={styles.moreLinks}>
            {moreLinksTitle ? <h3 className={styles.moreLinksTitle}>{moreLinksTitle}</h3> : null}
            <ul className={styles.linkList}>
              {moreLinks.map((link) => (
                <li key={link.href}>
                  <PlainLink href={link.href} external={link.external} className={styles.moreLink}>
                    {link.label}
                  </PlainLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </section>
  );
}
