import { paths } from '../lib/paths';
import * as styles from './AppDownloadFailed.css';

/**
 * Shown by src/main.tsx when the app's code cannot be downloaded (offline, or a deploy replaced
 * the files meanwhile). Plain markup: the code that failed to arrive includes react-aria.
 */
export function AppDownloadFailed() {
  return (
    <main className={styles.page}>
      <title>Page not loaded</title>
      <h1 className={styles.title}>This page could not be loaded</h1>
      <p>Check your connection, then reload the page.</p>
      <p>
        <a className={styles.link} href={window.location.href}>
          Reload the page
        </a>{' '}
        or{' '}
        <a className={styles.link} href={paths.landing}>
          return to home
        </a>
        .
      </p>
    </main>
  );
}
