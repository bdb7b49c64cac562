import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { externalLinks } from '../../config/externalLinks';
import { organisation } from '../../config/organisation';
import { paths } from '../../lib/paths';
import * as styles from '../../lib/StatusPage.css';

/** The 'Coming Soon!' placeholder of §2: where the portal points to a feature not open yet. */
export function ComingSoonPage() {
  return (
    <PageColumn as="main">
      <title>{`Coming Soon · ${organisation.name}`}</title>
      <h1 className={styles.title}>Coming Soon!</h1>
      <p className={styles.message}>
        We are still building this part of the Tutoring Portal. Please check back soon.
      </p>
      <Inline gap="md">
        <Link href={paths.landing} variant="primaryButton">
          Return to home
        </Link>
        <Link href={externalLinks.mainWebsite} variant="secondaryButton" external>
          Visit our main website
        </Link>
      </Inline>
    </PageColumn>
  );
}
