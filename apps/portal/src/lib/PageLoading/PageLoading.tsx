import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import * as styles from './PageLoading.css';

export interface PageLoadingProps {
  /** What is loading, e.g. 'Checking your sign-in'; it names the progress bar. */
  label?: string;
}

/** A whole-page loading state inside the main landmark, so the page is never empty for screen readers. */
export function PageLoading({ label = 'Loading page' }: PageLoadingProps) {
  return (
    <main className={styles.page}>
      <Spinner label={label} size="large" showLabel />
    </main>
  );
}
