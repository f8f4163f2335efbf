import { Drawer } from '@base-ui/react/drawer';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../messages.ts';
import styles from './bottom-sheet.module.css';
import { useHoldsPopups } from '../stores/ui-store.ts';

interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sheet's heading (an h2). */
  title: ReactNode;
  /** A line under the title, read with it by screen readers. */
  description?: ReactNode;
  children: ReactNode;
  /** Stays at the bottom while the content scrolls: the sheet's main action. */
  footer?: ReactNode;
  /** Keeps the sheet open on outside taps, e.g. while photos are uploading. */
  disablePointerDismissal?: boolean;
}

/** The bottom sheet of design.md (Base UI Drawer): choices and forms that belong to the screen below. */
export function BottomSheet({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  disablePointerDismissal = false,
}: BottomSheetProps) {
  useHoldsPopups(open);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
      disablePointerDismissal={disablePointerDismissal}
    >
      <Drawer.Portal>
        <Drawer.Backdrop className={styles.backdrop} />
        <Drawer.Viewport className={styles.viewport}>
          <Drawer.Popup className={styles.popup}>
            <span className={styles.handle} aria-hidden="true" />
            <div className={styles.head}>
              <Drawer.Title className={styles.title}>{title}</Drawer.Title>
              <Drawer.Close className={styles.close} aria-label={messages.common.close}>
                <X aria-hidden="true" size={22} />
              </Drawer.Close>
            </div>
            <Drawer.Content className={styles.content}>
              {description !== undefined && (
                <Drawer.Description className={styles.description}>{description}</Drawer.Description>
              )}
              {children}
            </Drawer.Content>
            {footer !== undefined && <div className={styles.footer}>{footer}</div>}
          </Drawer.Popup>
        </Drawer.Viewport>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
