import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Box } from '../Box/Box';
import { Icon, type IconName } from '../Icon/Icon';
import { Stack } from '../Stack/Stack';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  /** The headline, e.g. 'No Available Updates'. */
  title: ReactNode;
  /** A sentence on why it is empty or what happens next. */
  children?: ReactNode;
  /** A decorative icon above the title. */
  icon?: IconName;
  /** A way forward, e.g. a Link or Button. */
  action?: ReactNode;
  /** Heading level that fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/** What a list or panel shows when it has nothing in it: icon, title, text and an optional action. */
export function EmptyState({
  title,
  children,
  icon = 'inbox',
  action,
  headingLevel = 3,
  className,
}: EmptyStateProps) {
  return (
    <Stack gap="sm" align="center" className={[styles.root, className].filter(Boolean).join(' ')}>
      <Box as="span" display="inline-flex" className={styles.iconWrap}>
        <Icon name={icon} size="large" />
      </Box>
      <Heading level={headingLevel} className={styles.title}>
        {title}
      </Heading>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </Stack>
  );
}
