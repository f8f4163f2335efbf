import { AlertDialog } from '@base-ui/react/alert-dialog';
import { Dialog } from '@base-ui/react/dialog';
import { createContext, use, useCallback, useRef, useState, type ReactNode } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';

export interface ConfirmOptions {
  /** The question, e.g. "「공지」 공지를 삭제할까요?". */
  title: string;
  /** What happens next, when it is not obvious (e.g. the rows it changes). */
  description?: string;
  /** The button that goes ahead; "확인" unless named. */
  confirmLabel?: string;
  /** Destructive actions get the danger look. */
  danger?: boolean;
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * The console's one confirmation dialog (a Base UI AlertDialog in the console's look), in place of
 * the browser's `confirm()`: `if (await confirm({ title })) …`. Cancel, Escape and the backdrop all
 * answer no; focus goes back where it was.
 */
export function ConfirmProvider(props: { children: ReactNode }) {
  const [asked, setAsked] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const settle = useCallback((yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setOpen(false);
  }, []);
  const ask = useCallback<Ask>(
    (options) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setAsked(options);
        setOpen(true);
      }),
    [],
  );
  return (
    <ConfirmContext value={ask}>
      {props.children}
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) settle(false);
        }}
      >
        <AlertDialog.Portal>
          <AlertDialog.Backdrop className={styles.dialogBackdrop} />
          <AlertDialog.Popup className={styles.dialogPopup}>
            <AlertDialog.Title className={styles.dialogTitle}>{asked?.title}</AlertDialog.Title>
            {asked?.description && (
              <AlertDialog.Description className={styles.dialogText}>
                {asked.description}
              </AlertDialog.Description>
            )}
            <div className={styles.dialogActions}>
              <AlertDialog.Close className={`${styles.button} ${styles.secondary}`}>
                {m.dialog.cancel}
              </AlertDialog.Close>
              <button
                type="button"
                className={`${styles.button} ${asked?.danger ? styles.dangerSolid : styles.primary}`}
                onClick={() => settle(true)}
              >
                {asked?.confirmLabel ?? m.dialog.confirm}
              </button>
            </div>
          </AlertDialog.Popup>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </ConfirmContext>
  );
}

/** Asks in the console's dialog; resolves true when the operator goes ahead. */
export function useConfirm(): Ask {
  const ask = use(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside ConfirmProvider');
  return ask;
}

/** A console dialog that shows something (a row's details) with one close button. */
export function InfoDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Backdrop className={styles.dialogBackdrop} />
        <Dialog.Popup className={`${styles.dialogPopup} ${props.wide ? styles.dialogWide : ''}`}>
          <Dialog.Title className={styles.dialogTitle}>{props.title}</Dialog.Title>
          <div className={styles.dialogBody}>{props.children}</div>
          <div className={styles.dialogActions}>
            <Dialog.Close className={`${styles.button} ${styles.secondary}`}>{m.dialog.close}</Dialog.Close>
          </div>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
