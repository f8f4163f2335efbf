import type { Photo } from '@hamkke/contract/mission/mission';
import { lazy, Suspense, useState } from 'react';
import styles from './photo-gallery.module.css';
import { photoMessages } from '@/shared/messages/missions.ts';

/** A photo as the contract sends it. */
export type GalleryPhoto = Photo;

interface PhotoGalleryProps {
  photos: readonly GalleryPhoto[];
  /** What the photos show, e.g. the mission title; names each photo for screen readers. */
  subject: string;
}

// The full-photo viewer (Base UI's dialog) loads at the first tap on a photo, not with the page.
const PhotoViewer = lazy(() => import('./photo-viewer.tsx'));

/**
 * Photos in fixed square boxes (no layout shift) with lazily loaded thumbnails; a tap opens the
 * full photo in a dialog, with previous/next when there are several (design.md).
 */
export function PhotoGallery({ photos, subject }: PhotoGalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Once opened, the viewer stays mounted, so it closes (and opens again) with its transition.
  const [viewerWanted, setViewerWanted] = useState(false);
  if (photos.length === 0) return null;
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
              onClick={() => {
                setViewerWanted(true);
                setOpenIndex(index);
              }}
            >
              <img src={photo.thumbnailUrl} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {viewerWanted && (
        <Suspense fallback={null}>
          <PhotoViewer photos={photos} subject={subject} index={openIndex} onIndexChange={setOpenIndex} />
        </Suspense>
      )}
    </>
  );
}
