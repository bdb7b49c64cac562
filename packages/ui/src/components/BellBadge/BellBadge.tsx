import { Button as AriaButton } from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import * as styles from './BellBadge.css';

export interface BellBadgeProps {
  /** How many new updates there are (unread announcements, open tasks: the caller decides). */
  count: number;
  /** Opens the updates (usually the UpdatesModal). */
  onPress: () => void;
  /** Layout only (placement), from the caller's own `.css.ts`. */
  className?: string;
}

/** The accessible name: '3 new updates', '1 new update', 'No new updates'. */
export function bellBadgeLabel(count: number): string {
  if (count <= 0) return 'No new updates';
  return `${count} new ${count === 1 ? 'update' : 'updates'}`;
}

/**
 * A bell button with a count, shown only on screens under 640 px (spec §2, §9), where it
 * replaces the new-announcement popup. The drawn count is the number in the accessible name
 * (WCAG 2.5.3 label in name), so it is never abbreviated.
 */
export function BellBadge({ count, onPress, className }: BellBadgeProps) {
  return (
    <AriaButton
      aria-label={bellBadgeLabel(count)}
      onPress={onPress}
      className={[styles.button, className].filter(Boolean).join(' ')}
      data-bell-badge=""
    >
      <Icon name="bell" />
      {count > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </AriaButton>
  );
}
