import { CreditsList } from '@tutoring/ui/components/CreditsList/CreditsList';
import { Link } from '@tutoring/ui/components/Link/Link';
import { PageColumn } from '@tutoring/ui/components/PageColumn/PageColumn';
import { creditedTools } from '../../config/credits';
import { organisation } from '../../config/organisation';
import { paths } from '../../lib/paths';
import * as styles from '../../lib/StatusPage.css';

/** /credits (§1, §2): the three third-party tools the portal relies on. */
export function CreditsPage() {
  return (
    <PageColumn as="main">
      <title>{`Credits · ${organisation.name}`}</title>
      <h1 className={styles.title}>Credits</h1>
      <p className={styles.message}>
        The Tutoring Portal is built with the help of these tools. Thank you to their teams.
      </p>
      <CreditsList credits={creditedTools} />
      <p>
        <Link href={paths.landing}>Return to home</Link>
      </p>
    </PageColumn>
  );
}
