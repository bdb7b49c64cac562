import type { ReactNode } from 'react';
import { Box } from '../Box/Box';
import { Drawer } from '../Drawer/Drawer';
import { Sidebar, type SidebarProps } from '../Sidebar/Sidebar';
import * as styles from './AppShell.css';

export interface AppShellProps {
  /** The area's navigation; shown as a sidebar from 768 px and in the Drawer below. */
  sidebar: SidebarProps;
  /** The page header above the content, e.g. the tutoring Header. */
  header?: ReactNode;
  /** The page content, rendered in the main landmark. */
  children: ReactNode;
  /** Shown next to the menu button in the narrow layout; defaults to the sidebar's logo. */
  mobileBrand?: ReactNode;
  /** Id of the main landmark, the skip link's target. */
  mainId?: string;
  /** Text of the skip link, the first stop for keyboard users. */
  skipLinkLabel?: string;
  /** Visible text of the drawer's menu button. */
  menuLabel?: string;
}

/**
 * The page frame of the signed-in areas: a skip link, the Sidebar on the start side from 768 px,
 * and below 768 px a top bar whose menu button opens the same Sidebar in a Drawer (which closes
 * again after an item is chosen). The switch is pure CSS (media.belowMobile): no measuring.
 */
export function AppShell({
  sidebar,
  header,
  children,
  mobileBrand,
  mainId = 'main-content',
  skipLinkLabel = 'Skip to main content',
  menuLabel = 'Menu',
}: AppShellProps) {
  return (
    <div className={styles.shell}>
      <a href={`#${mainId}`} className={styles.skipLink}>
        {skipLinkLabel}
      </a>
      {/* The top bar only below 768 px; wider screens show the sidebar column instead. */}
      <Box
        display={{ all: 'none', belowMobile: 'flex' }}
        alignItems="center"
        gap="md"
        className={styles.topBar}
        data-app-shell-top-bar=""
      >
        <Drawer triggerLabel={menuLabel}>
          {(close) => (
            <Sidebar
              {...sidebar}
              onNavigate={() => {
                close();
                sidebar.onNavigate?.();
              }}
            />
          )}
        </Drawer>
        <Box display="flex" alignItems="center" minWidth={0}>
          {mobileBrand ?? sidebar.logo}
        </Box>
      </Box>
      <div className={styles.sidebarColumn} data-app-shell-sidebar="">
        <Sidebar {...sidebar} className={styles.sidebar} />
      </div>
      <Box display="flex" flexDirection="column" className={styles.mainColumn}>
        {header ? <div className={styles.header}>{header}</div> : null}
        <main id={mainId} tabIndex={-1} className={styles.main}>
          {children}
        </main>
      </Box>
    </div>
  );
}
