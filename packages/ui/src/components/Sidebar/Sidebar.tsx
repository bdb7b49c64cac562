import { type ReactNode, useId } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import { externalLinkHint } from '../Link/Link';
import { Stack } from '../Stack/Stack';
import * as styles from './Sidebar.css';

/** A sub-item under a link, e.g. an onboarding task under 'Dashboard'. */
export interface SidebarChildItem {
  /** Stable key. */
  id: string;
  label: string;
  href: string;
  /** Completed or not: shown by a check or an empty circle plus visually hidden text. */
  isCompleted: boolean;
  /** The page being shown: marked with aria-current="page". */
  isCurrent?: boolean;
}

/** A count next to an item, e.g. unread updates. Hidden when the count is 0. */
export interface SidebarBadge {
  count: number;
  /** What the count means, read in parentheses after the item's name, e.g. '3 unread'. */
  label: string;
}

interface SidebarItemBase {
  /** Stable key. */
  id: string;
  label: string;
  /** A decorative icon before the label. */
  icon?: ReactNode;
  badge?: SidebarBadge;
}

/** An item that navigates. */
export interface SidebarLinkItem extends SidebarItemBase {
  kind: 'link';
  href: string;
  /** Opens in a new tab and says so (icon and '(opens in a new tab)'). */
  external?: boolean;
  /** The page being shown: marked with aria-current="page". */
  isCurrent?: boolean;
  /** Nested items, each marked completed or not completed. */
  children?: readonly SidebarChildItem[];
}

/** An item that acts in place, e.g. 'Updates' opening a modal. */
export interface SidebarActionItem extends SidebarItemBase {
  kind: 'action';
  onPress: () => void;
}

export type SidebarItem = SidebarLinkItem | SidebarActionItem;

/** A titled group of items, e.g. 'Session Management'. */
export interface SidebarGroup {
  /** Stable key. */
  id: string;
  /** Visible group label; it also names the group's list. Omit for the first, untitled group. */
  title?: string;
  items: readonly SidebarItem[];
}

export interface SidebarProps {
  /** The organisation's logo (an image with alt text, or a link wrapping it). */
  logo?: ReactNode;
  /** The area's title under the logo, e.g. 'Tutoring Dashboard'. */
  title?: ReactNode;
  groups: readonly SidebarGroup[];
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Content pinned under the groups, e.g. the UserMenu. */
  footer?: ReactNode;
  /**
   * Called after any item is activated (link followed or action pressed). The mobile drawer
   * uses it to close itself.
   */
  onNavigate?: () => void;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

function Badge({ badge }: { badge?: SidebarBadge }) {
  if (!badge || badge.count <= 0) return null;
  return (
    <>
      <Box
        as="span"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        className={styles.badge}
        aria-hidden="true"
        data-sidebar-badge=""
      >
        {badge.count > 99 ? '99+' : badge.count}
      </Box>
      <span className={visuallyHidden}> ({badge.label})</span>
    </>
  );
}

function ChildList({
  items,
  onNavigate,
}: {
  items: readonly SidebarChildItem[];
  onNavigate?: () => void;
}) {
  return (
    <Stack as="ul" gap="xxs" className={styles.childList}>
      {items.map((child) => (
        <li key={child.id}>
          <AriaLink
            href={child.href}
            aria-current={child.isCurrent ? 'page' : undefined}
            className={styles.childLink}
            onPress={onNavigate}
            data-completed={child.isCompleted || undefined}
          >
            <Icon
              name={child.isCompleted ? 'checkCircle' : 'circle'}
              className={child.isCompleted ? styles.statusDone : styles.statusOpen}
            />
            <span className={styles.label}>{child.label}</span>
            <span className={visuallyHidden}>
              {child.isCompleted ? ' (Completed)' : ' (Not completed)'}
            </span>
          </AriaLink>
        </li>
      ))}
    </Stack>
  );
}

function Item({ item, onNavigate }: { item: SidebarItem; onNavigate?: () => void }) {
  const content = (
    <>
      {item.icon ? (
        <Box as="span" display="inline-flex" className={styles.icon}>
          {item.icon}
        </Box>
      ) : null}
      <span className={styles.label}>{item.label}</span>
      <Badge badge={item.badge} />
    </>
  );
  if (item.kind === 'action') {
    return (
      <AriaButton
        className={styles.item}
        onPress={() => {
          item.onPress();
          onNavigate?.();
        }}
      >
        {content}
      </AriaButton>
    );
  }
  return (
    <>
      <AriaLink
        href={item.href}
        target={item.external ? '_blank' : undefined}
        rel={item.external ? 'noopener noreferrer' : undefined}
        aria-current={item.isCurrent ? 'page' : undefined}
        className={styles.item}
        onPress={onNavigate}
      >
        {content}
        {item.external ? (
          <>
            <Icon name="external" size="small" className={styles.externalIcon} />
            <span className={visuallyHidden}> {externalLinkHint}</span>
          </>
        ) : null}
      </AriaLink>
      {item.children?.length ? <ChildList items={item.children} onNavigate={onNavigate} /> : null}
    </>
  );
}

function Group({ group, onNavigate }: { group: SidebarGroup; onNavigate?: () => void }) {
  const titleId = useId();
  return (
    <Stack gap="xs">
      {group.title ? (
        <span id={titleId} className={styles.groupTitle}>
          {group.title}
        </span>
      ) : null}
      <Stack
        as="ul"
        gap="xxs"
        className={styles.list}
        aria-labelledby={group.title ? titleId : undefined}
      >
        {group.items.map((item) => (
          <li key={item.id}>
            <Item item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The area navigation: logo and title, then groups of links and actions. Links can carry
 * completed / not completed sub-items and can be external; actions (buttons) can carry a count
 * badge. The current page's link has aria-current="page". On narrow screens the AppShell shows
 * the same content in its Drawer.
 */
export function Sidebar({
  logo,
  title,
  groups,
  label = 'Main',
  footer,
  onNavigate,
  className,
}: SidebarProps) {
  return (
    <Stack
      as="nav"
      gap="xl"
      aria-label={label}
      className={[styles.sidebar, className].filter(Boolean).join(' ')}
    >
      {logo || title ? (
        <Stack gap="sm" className={styles.brand}>
          {logo ? (
            <Box display="flex" alignItems="center" className={styles.logo}>
              {logo}
            </Box>
          ) : null}
          {title ? <p className={styles.title}>{title}</p> : null}
        </Stack>
      ) : null}
      <Stack gap="xl" className={styles.groups}>
        {groups.map((group) => (
          <Group key={group.id} group={group} onNavigate={onNavigate} />
        ))}
      </Stack>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </Stack>
  );
}
