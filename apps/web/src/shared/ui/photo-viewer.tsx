import { Dialog } from '@base-ui/react/dialog';
import type { Photo } from '@hamkke/contract/mission/mission';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { messages } from '../messages.ts';
import styles from './photo-gallery.module.css';
import { photoMessages } from '@/shared/messages/missions.ts';
import { useHoldsPopups } from '../stores/ui-store.ts';

interface PhotoViewerProps {
  photos: readonly Photo[];
  subject: string;
  /** The photo shown; `null` closes the viewer. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** The full photo in a dialog, with previous/next when there are several (PhotoGallery's viewer). */
export default function PhotoViewer({
  photos,
  subject,
  index: openIndex,
  onIndexChange: setOpenIndex,
}: PhotoViewerProps) {
  const current = openIndex === null ? null : photos[openIndex];
  const count = photos.length;
  useHoldsPopups(current !== null && current !== undefined);
  return (
    <Dialog.Root
      open={current !== null && current !== undefined}
      onOpenChange={(open) => {
        if (!open) setOpenIndex(null);
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Popup className={styles.viewer}>
          <Dialog.Title className="visually-hidden">{subject}</Dialog.Title>
          {current && openIndex !== null && (
            <>
              <img
                className={styles.full}
                src={current.url}
                width={current.width}
                height={current.height}
                alt={photoMessages.alt(subject, openIndex + 1, count)}
                decoding="async"
              />
              <p className={styles.position} aria-live="polite">
                {photoMessages.position(openIndex + 1, count)}
              </p>
              {count > 1 && (
                <div className={styles.nav}>
                  <button
                    type="button"
                    className={styles.navButton}
                    aria-label={photoMessages.previous}
                    onClick={() => setOpenIndex((openIndex - 1 + count) % count)}
                  >
                    <ChevronLeft aria-hidden="true" size={28} />
                  </button>
                  <button
                    type="button"
                    className={styles.navButton}
                    aria-label={photoMessages.next}
                    onClick={() => setOpenIndex((openIndex + 1) % count)}
                  >
                    <ChevronRight aria-hidden="true" size={28} />
                  </button>
                </div>
              )}
            </>
          )}
          <Dialog.Close className={styles.close} aria-label={messages.common.close}>
            <X aria-hidden="true" size={24} />
          </Dialog.Close>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
