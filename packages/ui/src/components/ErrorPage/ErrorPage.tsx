import { Heading } from 'react-aria-components';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Link } from '../Link/Link';
import { Stack } from '../Stack/Stack';
import * as styles from './ErrorPage.css';

/** The static error pages of §2. */
export type ErrorPageCode = 400 | 404 | 500;

export interface ErrorPageProps {
  code: ErrorPageCode;
  /** The organisation's main website (external). */
  mainWebsiteHref: string;
  /** Name of the main-website link. */
  mainWebsiteLabel?: string;
  /** The onboarding area. */
  onboardingHref?: string;
  /** The tutoring area. */
  tutoringHref?: string;
}

/** Title and message of each page (spec §2 and §8). */
export const errorPageContent: Record<ErrorPageCode, { title: string; message: string }> = {
  404: { title: 'Page Not Found', message: 'This page does not exist.' },
  400: {
    title: 'Bad Request',
    message: 'Something went wrong with your request. Please check your input and try again.',
  },
  500: {
    title: 'Server Error',
    message: 'Oops! Something went wrong on our end. Please try again later.',
  },
};

/**
 * The layout of the 404, 400 and 500 pages: the code, a title (h1), the message and the
 * 'Popular pages' list (main website, onboarding, tutoring).
 */
export function ErrorPage({
  code,
  mainWebsiteHref,
  mainWebsiteLabel = 'Main website',
  onboardingHref = '/onboarding',
  tutoringHref = '/tutoring',
}: ErrorPageProps) {
  const { title, message } = errorPageContent[code];
  const popularPages = [
    {
      href: mainWebsiteHref,
      label: mainWebsiteLabel,
      description: 'About the organisation and how to get involved.',
      external: true,
    },
    {
      href: onboardingHref,
      label: 'Onboarding',
      description: 'For new volunteer tutors completing their onboarding tasks.',
      external: false,
    },
    {
      href: tutoringHref,
      label: 'Tutoring Dashboard',
      description: 'For matched tutors: students, messages and sessions.',
      external: false,
    },
  ];
  return (
    <Stack gap="lg" className={styles.page}>
      <Box as="p" display="inline-flex" gap="sm" className={styles.code}>
        <span>Error</span> {code}
      </Box>
      <Heading level={1} className={styles.title}>
        {title}
      </Heading>
      <p className={styles.message}>{message}</p>
      <Stack as="section" gap="md" className={styles.popular} aria-labelledby="error-page-popular">
        <Heading level={2} id="error-page-popular" className={styles.popularTitle}>
          Popular pages
        </Heading>
        <Stack as="ul" gap="md" className={styles.list}>
          {popularPages.map((entry) => (
            <Inline as="li" key={entry.label} gap="sm" alignY="start" wrap={false}>
              <Icon name="chevronRight" className={styles.itemIcon} />
              <div>
                <Link href={entry.href} external={entry.external}>
                  {entry.label}
                </Link>
                <p className={styles.description}>{entry.description}</p>
              </div>
            </Inline>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
