import type { Photo } from '@hamkke/contract/mission/mission';
import { Dialog } from '@base-ui/react/dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../messages.ts';
import styles from './photo-gallery.module.css';
import { photoMessages } from '@/shared/messages/missions.ts';

/** A photo as the contract sends it. */
export type GalleryPhoto = Photo;

interface PhotoGalleryProps {
  photos: readonly GalleryPhoto[];
  /** What the photos show, e.g. the mission title; names each photo for screen readers. */
  subject: string;
}

/**
 * Photos in fixed square boxes (no layout shift) with lazily loaded thumbnails; a tap opens the
 * full photo in a dialog, with previous/next when there are several (design.md).
 */
export function PhotoGallery({ photos, subject }: PhotoGalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const current = openIndex === null ? null : photos[openIndex];
  const count = photos.length;

  return (
    <>
      <ul className={styles.grid} data-count={count}>
        {photos.map((photo, index) => (
          <li key={photo.fileId} className={styles.cell}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={photoMessages.open(subject, index + 1, count)}
              onClick={() => setOpenIndex(index)}
            >
              <img src={photo.thumbnailUrl} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
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
    </>
  );
}
