import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Modal as AriaModal,
  Dialog,
  Heading,
  ModalOverlay,
} from 'react-aria-components';
import { Box } from '../Box/Box';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './Modal.css';

export type ModalSize = 'small' | 'medium' | 'large';

export interface ModalProps {
  /** The dialog's heading (an h2); it also gives the dialog its accessible name. */
  title: ReactNode;
  /**
   * Controlled open state. Leave `isOpen` and `defaultOpen` unset when the modal sits inside a
   * react-aria-components `DialogTrigger`: the trigger then opens it and gets focus back.
   */
  isOpen?: boolean;
  /** Initial open state when uncontrolled (e.g. a popup shown on arrival). */
  defaultOpen?: boolean;
  /** Called with `false` when the user closes the modal (close button, Escape, outside click). */
  onOpenChange?: (open: boolean) => void;
  /** The dialog's content, or a function that receives `close` for in-content actions. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /**
   * Whether a click on the backdrop closes the modal. Escape and the Close button always close
   * it, so keyboard and screen-reader users are never trapped (WCAG 2.1.2).
   */
  isDismissable?: boolean;
  /** Maximum width: small ~26rem (confirmations), medium 40rem, large ~54rem (lists). */
  size?: ModalSize;
  /** An actions row under the content (buttons, links). */
  footer?: ReactNode;
  /** Shown next to the title, e.g. an unread count: give it text that reads well on its own. */
  badge?: ReactNode;
  /** Layout only (placement, margins) of the dialog panel, from the caller's own `.css.ts`. */
  className?: string;
}

function CloseIcon() {
  return (
    <svg className={styles.closeIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="m5 5 10 10M15 5 5 15"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * A modal dialog on react-aria-components ModalOverlay, Modal and Dialog: focus moves into the
 * dialog and is trapped there, Escape and the 'Close' button close it, and focus returns to the
 * element that opened it. Use controlled (`isOpen` + `onOpenChange`) or inside a `DialogTrigger`.
 */
export function Modal({
  title,
  isOpen,
  defaultOpen,
  onOpenChange,
  children,
  isDismissable = true,
  size = 'medium',
  footer,
  badge,
  className,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={styles.overlay}
    >
      <AriaModal className={[styles.modal[size], className].filter(Boolean).join(' ')}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <Inline gap="md" alignY="start" wrap={false} className={styles.header}>
                <Inline gap="sm" alignY="center" className={styles.titleRow}>
                  <Heading slot="title" level={2} className={styles.title}>
                    {title}
                  </Heading>
                  {badge ? (
                    <Box
                      as="span"
                      display="inline-flex"
                      alignItems="center"
                      className={styles.badge}
                      data-modal-badge=""
                    >
                      {badge}
                    </Box>
                  ) : null}
                </Inline>
                <AriaButton slot="close" aria-label="Close" className={styles.closeButton}>
                  <CloseIcon />
                </AriaButton>
              </Inline>
              <Stack gap="md" className={styles.body}>
                {typeof children === 'function' ? children(close) : children}
              </Stack>
              {footer ? (
                <Inline gap="md" align="end" alignY="center" className={styles.footer}>
                  {footer}
                </Inline>
              ) : null}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
