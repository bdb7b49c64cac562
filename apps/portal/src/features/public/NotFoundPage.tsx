import { PopularPages } from './PopularPages';
import * as styles from './StatusPage.css';

/** Any path without a route (§2): the 404 text of §8 and the Popular pages list. */
export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <title>Page Not Found</title>
      <h1 className={styles.title}>Page Not Found</h1>
      <p className={styles.message}>This page does not exist.</p>
      <PopularPages />
    </main>
  );
}
