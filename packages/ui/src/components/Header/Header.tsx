import { Heading } from 'react-aria-components';
import { Columns } from '../Columns/Columns';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
import * as styles from './Header.css';

export interface HeaderProps {
  /** The tutor's first name, for the welcome line. */
  firstName: string;
  /** Where tutors update their details (the organisation's form). */
  updateInformationHref: string;
  /** Whether that link leaves the portal (opens a new tab). Default true. */
  updateInformationExternal?: boolean;
  /** The tutor's current title (stats.currentTitle); 'N/A' when missing. */
  title?: string | null;
  /** How many students the tutor can take (stats.capacity); 'N/A' when missing. */
  capacity?: number | string | null;
  /** The tutor's availability text, e.g. 'Monday 16:00-18:00'; 'Not set' when empty. */
  availability?: string | null;
  /**
   * The tutor's availability form (already resolved by the caller per §5). When given, the
   * availability is a link to it; otherwise plain text with the hint 'No availability form exists
   * for this tutor'.
   */
  availabilityFormHref?: string | null;
  /** Level of the welcome heading; the dashboard header is the page's h1. */
  headingLevel?: 1 | 2;
}

/** Text under the availability when there is no form to change it (spec §2). */
export const noAvailabilityFormHint = 'No availability form exists for this tutor';

const show = (value: number | string | null | undefined, fallback: string) =>
  value === null || value === undefined || value === '' ? fallback : String(value);

/**
 * The tutoring dashboard header: the welcome line, an 'Update Information' link and the tutor's
 * Title, Capacity and Current Availability. The availability links to the tutor's availability
 * form when there is one; otherwise it is plain text with a hint.
 */
export function Header({
  firstName,
  updateInformationHref,
  updateInformationExternal = true,
  title,
  capacity,
  availability,
  availabilityFormHref,
  headingLevel = 1,
}: HeaderProps) {
  const availabilityText = show(availability?.trim(), 'Not set');
  return (
    <Stack as="header" gap="lg" className={styles.header}>
      <Inline gap="md" alignY="baseline" align="spaceBetween">
        <Heading level={headingLevel} className={styles.welcome}>
          Welcome, {firstName}!
        </Heading>
        <Link href={updateInformationHref} external={updateInformationExternal}>
          Update Information
        </Link>
      </Inline>
      <Columns as="dl" columns={3} collapseBelow="smallScreen" gap="md" className={styles.facts}>
        <Stack gap="xxs" className={styles.fact}>
          <dt className={styles.term}>Title</dt>
          <dd className={styles.value}>{show(title, 'N/A')}</dd>
        </Stack>
        <Stack gap="xxs" className={styles.fact}>
          <dt className={styles.term}>Capacity</dt>
          <dd className={styles.value}>{show(capacity, 'N/A')}</dd>
        </Stack>
        <Stack gap="xxs" className={styles.fact}>
          <dt className={styles.term}>Current Availability</dt>
          <dd className={styles.value}>
            {availabilityFormHref ? (
              <Link href={availabilityFormHref} external>
                {availabilityText}
              </Link>
            ) : (
              <>
                <span>{availabilityText}</span>
                <span className={styles.hint}>{noAvailabilityFormHint}</span>
              </>
            )}
          </dd>
        </Stack>
      </Columns>
    </Stack>
  );
}
