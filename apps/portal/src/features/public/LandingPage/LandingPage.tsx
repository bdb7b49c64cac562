import { Box } from '@tutoring/ui/components/Box/Box';
import { Columns } from '@tutoring/ui/components/Columns/Columns';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { externalLinks } from '../../../config/externalLinks';
import { organisation } from '../../../config/organisation';
import { useClock } from '../../../lib/clock';
import { paths } from '../../../lib/paths';
import { AudienceCard } from './AudienceCard/AudienceCard';
import * as styles from './LandingPage.css';
import { PlainLink } from './PlainLink/PlainLink';
import { SiteFooter } from './SiteFooter/SiteFooter';

/**
 * The landing page of §1/§2: the student card, the tutor card, Report an Issue and the footer.
 * It needs neither the router nor react-aria: src/main.tsx renders it on its own at '/', which
 * keeps the route's JS within its 80 KB budget (.size-limit.js); the router renders it too, for a
 * visit to '/' from inside the app.
 */
export function LandingPage() {
  const now = useClock();
  return (
    <Box display="flex" flexDirection="column" className={styles.page}>
      <title>{`${organisation.name} · Tutoring Portal`}</title>
      <header className={styles.banner}>
        <p className={styles.brand}>{organisation.name}</p>
      </header>
      <Stack
        as="main"
        gap={{ all: 'xxl', belowSmall: 'xl' }}
        paddingBlock={{ all: 'xxxl', belowSmall: 'xl' }}
        paddingInline={{ all: 'xl', belowSmall: 'lg' }}
        className={styles.main}
      >
        <Stack gap="sm">
          <h1 className={styles.title}>Welcome to the Tutoring Portal</h1>
          <p className={styles.lead}>Students and volunteer tutors start here.</p>
        </Stack>
        <Columns columns={2} collapseBelow="mobileScreen" gap="xl">
          <AudienceCard
            id="students"
            title="Are you a student?"
            description="Sign in with your tutoring code to reach the student portal."
            action={{
              label: 'Go to the Student Portal',
              href: externalLinks.studentPortal,
              external: true,
            }}
          />
          <AudienceCard
            id="tutors"
            title="Already a tutor?"
            description={`Sign in with your organisation e-mail (@${organisation.domain}) to reach the Tutor Portal.`}
            action={{ label: 'Go to the Tutor Portal', href: paths.tutoring }}
            moreLinksTitle="Not a tutor yet?"
            moreLinks={[
              {
                label: 'Volunteer tutor application',
                href: externalLinks.volunteerTutorApplication,
                external: true,
              },
              {
                label: 'Student application',
                href: externalLinks.studentApplication,
                external: true,
              },
            ]}
          />
        </Columns>
        <p className={styles.reportIssue}>
          Something not working?{' '}
          <PlainLink href={externalLinks.reportIssueForm} external>
            Report an Issue
          </PlainLink>
        </p>
      </Stack>
      <SiteFooter
        copyrightHolder={organisation.name}
        year={new Date(now()).getFullYear()}
        socialLinks={externalLinks.socialLinks}
      />
    </Box>
  );
}
