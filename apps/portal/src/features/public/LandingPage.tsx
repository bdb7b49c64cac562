import { Footer } from '@tutoring/ui/components/Footer/Footer';
import { LandingCard } from '@tutoring/ui/components/LandingCard/LandingCard';
import { Link } from '@tutoring/ui/components/Link/Link';
import { paths } from '../../app/paths';
import { externalLinks } from '../../config/externalLinks';
import { organisation } from '../../config/organisation';
import * as styles from './LandingPage.css';

/** The landing page of §1/§2: the student card, the tutor card, Report an Issue and the footer. */
export function LandingPage() {
  return (
    <div className={styles.page}>
      <title>{`${organisation.name} · Tutoring Portal`}</title>
      <header className={styles.banner}>
        <p className={styles.brand}>{organisation.name}</p>
      </header>
      <main className={styles.main}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Welcome to the Tutoring Portal</h1>
          <p className={styles.lead}>Students and volunteer tutors start here.</p>
        </div>
        <div className={styles.cards}>
          <LandingCard
            id="students"
            title="Are you a student?"
            description="Sign in with your tutoring code to reach the student portal."
            action={{
              label: 'Go to the Student Portal',
              href: externalLinks.studentPortal,
              external: true,
            }}
          />
          <LandingCard
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
        </div>
        <p className={styles.reportIssue}>
          Something not working?{' '}
          <Link href={externalLinks.reportIssueForm} external>
            Report an Issue
          </Link>
        </p>
      </main>
      <Footer
        copyrightHolder={organisation.name}
        year={new Date().getFullYear()}
        socialLinks={externalLinks.socialLinks}
      />
    </div>
  );
}
