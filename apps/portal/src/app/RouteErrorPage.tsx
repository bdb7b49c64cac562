import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { paths } from './paths';
import * as styles from './RouteErrorPage.css';

/**
 * Shown when a route fails to render or its code cannot be downloaded (e.g. after a deploy while
 * the page was open): the §8 server-error text and a way back.
 */
export function RouteErrorPage() {
  return (
    <main className={styles.page}>
      <title>Server Error</title>
      <h1 className={styles.title}>Server Error</h1>
      <Notice variant="failure">
        Oops! Something went wrong on our end. Please try again later.
      </Notice>
      <p>
        <Link href={paths.landing}>Return to home</Link>
      </p>
    </main>
  );
}
