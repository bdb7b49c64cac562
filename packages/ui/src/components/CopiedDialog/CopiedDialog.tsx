import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Modal } from '../Modal/Modal';
import * as styles from './CopiedDialog.css';

export interface CopiedDialogProps {
  /** Controlled open state: the portal opens it after a successful clipboard write. */
  isOpen?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called with `false` when the user closes it. */
  onOpenChange?: (open: boolean) => void;
  /** What was copied, e.g. 'The website link is on your clipboard.' */
  children?: ReactNode;
}

/** The small 'Copied!' confirmation shown when a link has been copied to the clipboard. */
export function CopiedDialog({ isOpen, defaultOpen, onOpenChange, children }: CopiedDialogProps) {
  return (
    <Modal
      title="Copied!"
      size="small"
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      footer={<Button slot="close">OK</Button>}
    >
      <Inline as="p" gap="sm" alignY="start" wrap={false}>
        <Icon name="checkCircle" className={styles.icon} />
        <span>{children ?? 'The link has been copied to your clipboard.'}</span>
      </Inline>
    </Modal>
  );
}
