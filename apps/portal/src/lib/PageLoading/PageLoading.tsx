import { Box } from '@tutoring/ui/components/Box/Box';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import * as styles from './PageLoading.css';

export interface PageLoadingProps {
  /** What is loading, e.g. 'Checking your sign-in'; it names the progress bar. */
  label?: string;
}

/** A whole-page loading state inside the main landmark, so the page is never empty for screen readers. */
export function PageLoading({ label = 'Loading page' }: PageLoadingProps) {
  return (
    <Box
      as="main"
      display="flex"
      alignItems="center"
      justifyContent="center"
      padding="xl"
      className={styles.page}
    >
      <Spinner label={label} size="large" showLabel />
    </Box>
  );
}
