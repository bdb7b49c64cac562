import { Link } from '@tutoring/ui/components/Link/Link';
import { externalLinks } from '../../config/externalLinks';
import { organisation } from '../../config/organisation';
import { paths } from '../../lib/paths';
import * as styles from '../../lib/StatusPage.css';

/** The 'Coming Soon!' placeholder of §2: where the portal points to a feature not open yet. */
export function ComingSoonPage() {
  return (
    <main className={styles.page}>
      <title>{`Coming Soon · ${organisation.name}`}</title>
      <h1 className={styles.title}>Coming Soon!</h1>
      <p className={styles.message}>
        We are still building this part of the Tutoring Portal. Please check back soon.
      </p>
      <div className={styles.actions}>
        <Link href={paths.landing} variant="primaryButton">
          Return to home
        </Link>
        <Link href={externalLinks.mainWebsite} variant="secondaryButton" external>
          Visit our main website
        </Link>
      </div>
    </main>
  );
}
