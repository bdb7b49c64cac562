import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './ForwardingNumber.css';

export interface ForwardingNumberProps {
  /** The private forwarding number of the chat (the student's studentTwilio), e.g. '+15550104477'. */
  number: string;
  /** The guardian's name, for the explanation. */
  guardianName: string;
  className?: string;
}

/**
 * Formats a North American E.164 number as '+1 (555) 010-4477'; any other value is shown as
 * given (trimmed).
 */
export function formatPhoneNumber(value: string): string {
  const trimmed = value.trim();
  const match = /^\+?1?(\d{3})(\d{3})(\d{4})$/.exec(trimmed.replace(/[\s().-]/g, ''));
  return match ? `+1 (${match[1]}) ${match[2]}-${match[3]}` : trimmed;
}

/**
 * The chat's forwarding number (spec §2 messenger): texts go through this private number, so
 * the guardian's real number is never shown to the tutor.
 */
export function ForwardingNumber({ number, guardianName, className }: ForwardingNumberProps) {
  return (
    <Stack gap="xs" className={[styles.box, className].filter(Boolean).join(' ')}>
      <Inline as="p" gap="xs" alignY="center" className={styles.line}>
        <Icon name="inbox" size="small" />
        <span>Private forwarding number:</span>
        <span className={styles.number}>{formatPhoneNumber(number)}</span>
      </Inline>
      <p className={styles.note}>
        Messages to {guardianName} go through this number. Their real phone number stays hidden.
      </p>
    </Stack>
  );
}
