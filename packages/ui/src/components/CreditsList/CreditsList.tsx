import { Heading } from 'react-aria-components';
import { Columns } from '../Columns/Columns';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
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
    <Columns
      as="ul"
      columns={3}
      collapseBelow="mobileScreen"
      gap="lg"
      className={[styles.list, className].filter(Boolean).join(' ')}
    >
      {credits.map((credit) => (
        <Stack as="li" gap="sm" key={credit.id} className={styles.item}>
          <Heading level={headingLevel} className={styles.title}>
            {credit.title}
          </Heading>
          <p className={styles.description}>{credit.description}</p>
          <Link href={credit.href} external className={styles.link}>
            Visit {credit.title}
          </Link>
        </Stack>
      ))}
    </Columns>
  );
}
