import { Dialog } from '@base-ui/react/dialog';
import { useEffect } from 'react';
import { messages } from '../../shared/messages.ts';
import { closePopup, type PopupEntry } from '../../shared/stores/ui-store.ts';
import styles from './popup-layer.module.css';
import { viewFor } from './popup-views.ts';

/** One open layer popup: a modal dialog with its title, its body and one confirm button. */
export function PopupLayer({ entry }: { entry: PopupEntry }) {
  const view = viewFor(entry.kind, entry.payload);

  useEffect(() => {
    if (view === null) {
      console.error(`[popup] no view registered for '${entry.kind}'`);
      closePopup(entry.id);
    }
  }, [view, entry.kind, entry.id]);

  if (view === null) return null;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) closePopup(entry.id);
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Popup className={styles.popup}>
          <Dialog.Title className={styles.title}>{view.title}</Dialog.Title>
          <Dialog.Description className={styles.body}>{view.body}</Dialog.Description>
          <Dialog.Close className={styles.confirm}>{messages.common.confirm}</Dialog.Close>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
