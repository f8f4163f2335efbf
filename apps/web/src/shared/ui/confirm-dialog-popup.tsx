import { AlertDialog } from '@base-ui/react/alert-dialog';
import type { RefObject } from 'react';
import { buttonClasses } from './button.tsx';
import styles from './confirm-dialog.module.css';
import dialog from './dialog.module.css';

interface ConfirmDialogPopupProps {
  title: string;
  description?: string;
  cancelLabel: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it (confirm-dialog.tsx), which has focus again once it closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** ConfirmDialog's question (confirm-dialog.tsx), its own chunk: loaded and mounted at the first tap. */
export function ConfirmDialogPopup({
  title,
  description,
  cancelLabel,
  confirmLabel,
  danger = false,
  onConfirm,
  open,
  onOpenChange,
  returnFocusTo,
}: ConfirmDialogPopupProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className={dialog.backdrop} />
        <AlertDialog.Popup className={`${dialog.popup} ${styles.popup}`} finalFocus={returnFocusTo}>
          <AlertDialog.Title className={dialog.title}>{title}</AlertDialog.Title>
          {description !== undefined && (
            <AlertDialog.Description className={dialog.text}>{description}</AlertDialog.Description>
          )}
          <div className={`${dialog.actions} ${styles.actions}`}>
            <AlertDialog.Close className={buttonClasses({ variant: 'neutral' }, styles.action)}>
              {cancelLabel}
            </AlertDialog.Close>
            <button
              type="button"
              className={buttonClasses({ variant: danger ? 'danger' : 'primary' }, styles.action)}
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
