import { AlertDialog } from '@base-ui/react/alert-dialog';
import { useState } from 'react';
import { buttonClasses, type LookProps } from './button.tsx';
import styles from './confirm-dialog.module.css';
import dialog from './dialog.module.css';
import { useHoldsPopups } from '../stores/ui-store.ts';

interface ConfirmDialogProps {
  /** The button that opens the question. */
  triggerLabel: string;
  triggerLook?: LookProps;
  /** A fuller name for the trigger when its visible label repeats on the screen ("하늘맘네 가족 내보내기"). */
  triggerAriaLabel?: string;
  /** The question, e.g. "로그아웃할까요?". */
  title: string;
  /** What happens next, when it is not obvious. */
  description?: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Destructive actions get the danger look. */
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}

/** "팀에서 나갈까요?" / 취소 · 나가기 (design.md): a Base UI AlertDialog around one action. */
export function ConfirmDialog({
  triggerLabel,
  triggerLook = { variant: 'neutral', block: true },
  triggerAriaLabel,
  title,
  description,
  cancelLabel,
  confirmLabel,
  danger = false,
  disabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  useHoldsPopups(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={buttonClasses(triggerLook)}
        disabled={disabled}
        aria-label={triggerAriaLabel}
      >
        {triggerLabel}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className={dialog.backdrop} />
        <AlertDialog.Popup className={`${dialog.popup} ${styles.popup}`}>
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
                setOpen(false);
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
