import { Link } from '@tutoring/ui/components/Link/Link';
import { paths } from '../../app/paths';
import { externalLinks } from '../../config/externalLinks';
import * as styles from './PopularPages.css';

/** The 'Popular pages' list every error page shows (§2): main website, onboarding, tutoring. */
export function PopularPages() {
  return (
    <nav aria-labelledby="popular-pages-heading" className={styles.nav}>
      <h2 id="popular-pages-heading" className={styles.heading}>
        Popular pages
      </h2>
      <ul className={styles.list}>
        <li>
          <Link href={externalLinks.mainWebsite} external className={styles.link}>
            Main website
          </Link>
        </li>
        <li>
          <Link href={paths.onboarding} className={styles.link}>
            Onboarding
          </Link>
        </li>
        <li>
          <Link href={paths.tutoring} className={styles.link}>
            Tutoring Dashboard
          </Link>
        </li>
      </ul>
    </nav>
  );
}
