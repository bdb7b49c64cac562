import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Modal as AriaModal,
  Dialog,
  DialogTrigger,
  ModalOverlay,
} from 'react-aria-components';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import * as styles from './Drawer.css';

export interface DrawerProps {
  /** Visible text (and accessible name) of the menu button that opens the drawer. */
  triggerLabel?: string;
  /** Accessible name of the drawer dialog. */
  label?: string;
  /** Controlled open state; leave unset to let the menu button manage it. */
  isOpen?: boolean;
  /** Called when the drawer opens or closes (menu button, Close, Escape, outside click). */
  onOpenChange?: (open: boolean) => void;
  /**
   * The drawer's content, usually the same Sidebar the wide layout shows; as a function it
   * receives `close`, e.g. to close the drawer after navigating.
   */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Layout only (placement) of the menu button, from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * The mobile navigation drawer: a menu button (with aria-expanded) that opens a panel sliding in
 * from the start edge, on react-aria-components DialogTrigger, ModalOverlay, Modal and Dialog.
 * Focus moves into the panel and stays there; Escape, the Close button or a click outside close
 * it, and focus returns to the menu button.
 */
export function Drawer({
  triggerLabel = 'Menu',
  label = 'Navigation menu',
  isOpen,
  onOpenChange,
  children,
  className,
}: DrawerProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <AriaButton className={[styles.trigger, className].filter(Boolean).join(' ')}>
        <Icon name="menu" />
        <span>{triggerLabel}</span>
      </AriaButton>
      <ModalOverlay isDismissable className={styles.overlay}>
        <AriaModal className={styles.panel}>
          <Dialog aria-label={label} className={styles.dialog}>
            {({ close }) => (
              <>
                <Box display="flex" justifyContent="end" className={styles.header}>
                  <AriaButton slot="close" aria-label="Close menu" className={styles.closeButton}>
                    <Icon name="close" />
                  </AriaButton>
                </Box>
                <Box display="flex" flexDirection="column" className={styles.content}>
                  {typeof children === 'function' ? children(close) : children}
                </Box>
              </>
            )}
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
