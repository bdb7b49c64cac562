import { Heading } from 'react-aria-components';
import { Link } from '../Link/Link';
import * as styles from './CreditsList.css';

/** A supporting third-party tool (§1). */
export interface Credit {
  /** Stable key. */
  id: string;
  title: string;
  description: string;
  /** The tool's website (external). */
  href: string;
}

export interface CreditsListProps {
  credits: readonly Credit[];
  /** Level of each tool's heading. */
  headingLevel?: 2 | 3;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/** The credits page's list of supporting tools: title, description and an external link each. */
export function CreditsList({ credits, headingLevel = 2, className }: CreditsListProps) {
  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')}>
      {credits.map((credit) => (
        <li key={credit.id} className={styles.item}>
          <Heading level={headingLevel} className={styles.title}>
            {credit.title}
          </Heading>
          <p className={styles.description}>{credit.description}</p>
          <Link href={credit.href} external className={styles.link}>
            Visit {credit.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
