import { Label, ProgressBar } from 'react-aria-components';
import * as styles from './Spinner.css';

export type SpinnerSize = 'small' | 'medium' | 'large';

export interface SpinnerProps {
  /** Accessible name of the progress bar, e.g. 'Loading students'. */
  label?: string;
  /** Diameter: small 16 px (inside buttons), medium 20 px, large 32 px. */
  size?: SpinnerSize;
  /** Also print the label next to the spinner (e.g. 'Loading sign in with popup'). */
  showLabel?: boolean;
}

/**
 * An indeterminate loading indicator: a react-aria-components ProgressBar (role progressbar)
 * named by `label`. It takes the current text colour and stops rotating when the user prefers
 * reduced motion.
 */
export function Spinner({ label = 'Loading', size = 'medium', showLabel = false }: SpinnerProps) {
  return (
    <ProgressBar isIndeterminate aria-label={showLabel ? undefined : label} className={styles.root}>
      <svg
        className={styles.ring[size]}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        data-spinner-ring=""
      >
        <circle className={styles.track} cx="12" cy="12" r="9" />
        <circle className={styles.arc} cx="12" cy="12" r="9" />
      </svg>
      {showLabel ? <Label className={styles.label}>{label}</Label> : null}
    </ProgressBar>
  );
}
