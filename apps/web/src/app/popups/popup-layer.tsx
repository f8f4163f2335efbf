import { Dialog } from '@base-ui/react/dialog';
import { useEffect } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { messages } from '@/shared/messages.ts';
import { closePopup, type PopupEntry } from '@/shared/stores/ui-store.ts';
import dialog from '@/shared/ui/dialog.module.css';
import styles from './popup-layer.module.css';
import { viewFor } from './popup-views.ts';
import { popupMessages } from '@/shared/messages/content.ts';

/** One open layer popup: a modal dialog with its title, its body and its buttons. */
export function PopupLayer({ entry }: { entry: PopupEntry }) {
  const view = viewFor(entry.kind, entry.payload);

  useEffect(() => {
    if (view === null) {
      console.error(`[popup] no view registered for '${entry.kind}'`);
      closePopup(entry.id);
    }
  }, [view, entry.kind, entry.id]);

  if (view === null) return null;
  const { link, dismissToday } = view;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) closePopup(entry.id);
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop className={`${dialog.backdrop} ${dialog.layer}`} />
        <Dialog.Popup className={`${dialog.popup} ${dialog.layer} ${styles.popup}`}>
          <Dialog.Title className={dialog.title}>{view.title}</Dialog.Title>
          {/* A div: the body may hold paragraphs of its own. */}
          <Dialog.Description className={dialog.text} render={<div />}>
            {view.body}
          </Dialog.Description>
          {link &&
            (link.external ? (
              <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
                {popupMessages.more} <span className="visually-hidden">{popupMessages.newWindow}</span>
              </a>
            ) : (
              <Link className={styles.link} to={link.href} onClick={() => closePopup(entry.id)}>
                {popupMessages.more}
              </Link>
            ))}
          {dismissToday ? (
            <div className={`${dialog.actions} ${styles.actions}`}>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => {
                  dismissToday();
                  closePopup(entry.id);
                }}
              >
                {popupMessages.hideToday}
              </button>
              <Dialog.Close className={styles.confirm}>{messages.common.close}</Dialog.Close>
            </div>
          ) : (
            <Dialog.Close className={styles.confirm}>{messages.common.confirm}</Dialog.Close>
          )}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
