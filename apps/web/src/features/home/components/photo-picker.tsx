import { MAX_PHOTOS_PER_CERTIFICATION } from '@hamkke/contract/mission/proof';
import { AlertCircle, Check, CloudOff, ImageOff, ImagePlus, RotateCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { messages } from '@/shared/messages.ts';
import type { PhotoSlot } from '../hooks/use-photo-uploads.ts';
import styles from './photo-picker.module.css';
import { certifyMessages } from '@/shared/messages/missions.ts';
import { offlineMessages } from '@/shared/messages/offline.ts';
import { ProgressBar } from '@/shared/ui/progress-bar.tsx';

interface PhotoPickerProps {
  slots: readonly PhotoSlot[];
  required: boolean;
  /** What is wrong with the photos, shown under them. */
  error?: string;
  onAdd: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

/** Up to three photos; each shows its preview at once and its own upload progress, retry and remove. */
export function PhotoPicker({ slots, required, error, onAdd, onRetry, onRemove }: PhotoPickerProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputId = useId();
  const full = slots.length >= MAX_PHOTOS_PER_CERTIFICATION;

  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={`${hintId} ${errorId}`}
      data-invalid={error || slots.some((slot) => slot.status === 'failed') ? '' : undefined}
    >
      <legend id={labelId} className={styles.legend}>
        {required ? certifyMessages.photosRequiredLabel : certifyMessages.photosOptionalLabel}
      </legend>
      <p id={hintId} className={styles.hint}>
        {certifyMessages.photosHint(MAX_PHOTOS_PER_CERTIFICATION)}
      </p>
      <ul className={styles.tiles}>
        {slots.map((slot, index) => (
          <li key={slot.key} className={styles.tile} data-status={slot.status}>
            <PhotoPreview src={slot.previewUrl} alt={certifyMessages.photoPreview(index + 1)} />
            {slot.status === 'uploading' && (
              <ProgressBar
                className={styles.progress}
                value={Math.round(slot.progress * 100)}
                label={certifyMessages.uploadingPhoto(index + 1)}
                labelClassName="visually-hidden"
                trackClassName={styles.track}
                indicatorClassName={styles.indicator}
                after={<span className={styles.percent}>{Math.round(slot.progress * 100)}%</span>}
              />
            )}
            {slot.status === 'done' && (
              <span className={styles.done} role="img" aria-label={certifyMessages.photoUploaded(index + 1)}>
                <Check aria-hidden="true" size={16} strokeWidth={3} />
              </span>
            )}
            {slot.status === 'waiting' && (
              <span
                className={styles.waiting}
                role="img"
                aria-label={offlineMessages.photoWaiting(index + 1)}
              >
                <CloudOff aria-hidden="true" size={16} strokeWidth={2.5} />
              </span>
            )}
            {slot.status === 'failed' && (
              <div className={styles.failed}>
                <AlertCircle aria-hidden="true" size={22} />
                {slot.retryable && (
                  <button
                    type="button"
                    className={styles.retry}
                    onClick={() => onRetry(slot.key)}
                    aria-label={certifyMessages.retryPhoto(index + 1)}
                  >
                    <RotateCw aria-hidden="true" size={14} />
                    {messages.common.retry}
                  </button>
                )}
              </div>
            )}
            <button
              type="button"
              className={styles.remove}
              onClick={() => onRemove(slot.key)}
              aria-label={certifyMessages.removePhoto(index + 1)}
            >
              <X aria-hidden="true" size={16} strokeWidth={2.5} />
            </button>
          </li>
        ))}
        {!full && (
          <li className={styles.addTile}>
            <input
              id={inputId}
              className={`${styles.input} visually-hidden`}
              type="file"
              accept="image/*"
              multiple
              aria-describedby={hintId}
              onChange={(event) => {
                const files = Array.from(event.currentTarget.files ?? []);
                // Cleared so picking the same photo again still fires a change.
                event.currentTarget.value = '';
                if (files.length > 0) onAdd(files);
              }}
            />
            <label htmlFor={inputId} className={styles.add}>
              <ImagePlus aria-hidden="true" size={26} />
              <span>{certifyMessages.addPhoto}</span>
              <span className={styles.count}>
                {certifyMessages.photoCount(slots.length, MAX_PHOTOS_PER_CERTIFICATION)}
              </span>
            </label>
          </li>
        )}
      </ul>
      {/* Each failed photo says why, under the tiles where the sentence has room. */}
      <div id={errorId} className={styles.errors} role="alert">
        {slots.map((slot, index) =>
          slot.status === 'failed' && slot.error ? (
            <p key={slot.key} className={styles.error}>
              {certifyMessages.photoFailed(index + 1, slot.error)}
            </p>
          ) : null,
        )}
        {error && <p className={styles.error}>{error}</p>}
      </div>
    </fieldset>
  );
}

/** The picked file as it is on the phone; a file the browser cannot draw shows a plain placeholder. */
function PhotoPreview({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span className={styles.previewBroken} role="img" aria-label={alt}>
        <ImageOff aria-hidden="true" size={24} />
      </span>
    );
  }
  return <img className={styles.preview} src={src} alt={alt} onError={() => setBroken(true)} />;
}
