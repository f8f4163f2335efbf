import type { Photo } from '@hamkke/contract/mission/mission';
import { useCallback, useEffect, useRef, useState } from 'react';
import { preparePhoto } from '@/shared/api/photo-downscale.ts';
import { isAbort, isRetryableUpload, uploadErrorMessage, uploadPhoto } from '@/shared/api/upload.ts';
import { discardUploadedPhoto } from '../api/certification.ts';
import { photoRoom, type PhotoStatus } from '../certify-rules.ts';

/** One picked photo: its local preview, and how its upload is going. */
export interface PhotoSlot {
  key: string;
  /** The picked file; `null` for a photo uploaded before, brought back with a kept draft. */
  file: File | null;
  /**
   * What is sent for it, once made: the downscaled JPEG, or the file itself when it could not be made
   * lighter (decision 050). A photo kept offline keeps this, not the file.
   */
  blob: Blob | null;
  /** An object URL of the picked file, shown before and while it is sent (or a kept photo's thumbnail). */
  previewUrl: string;
  status: PhotoStatus;
  /** 0 to 1. */
  progress: number;
  photo: Photo | null;
  error: string | null;
  /** A failed upload that could pass if sent again (not a file refused for what it is). */
  retryable: boolean;
}

let nextKey = 1;

/** A photo uploaded before (a kept draft's): done, shown by its thumbnail. */
function keptSlot(photo: Photo): PhotoSlot {
  return {
    key: `photo-${nextKey++}`,
    file: null,
    blob: null,
    previewUrl: photo.thumbnailUrl,
    status: 'done',
    progress: 1,
    photo,
    error: null,
    retryable: false,
  };
}

/** Only previews made here are object URLs to free. */
function freePreview(slot: PhotoSlot): void {
  if (slot.file) URL.revokeObjectURL(slot.previewUrl);
}

/**
 * Photos of one certification draft: each uploads as soon as it is picked, with its own progress,
 * can be retried when it fails, and removed (aborting the upload, or deleting the stored photo).
 */
export function usePhotoUploads(kept: readonly Photo[] = []) {
  const [slots, setSlots] = useState<PhotoSlot[]>(() => kept.map(keptSlot));
  const slotsRef = useRef<PhotoSlot[]>(slots);
  const controllers = useRef(new Map<string, AbortController>());
  /** Each picked photo's light copy being made (started when picked, made once, kept for retries). */
  const prepared = useRef(new Map<string, Promise<Blob>>());

  const update = useCallback((key: string, change: Partial<PhotoSlot>) => {
    setSlots((current) => {
      const next = current.map((slot) => (slot.key === key ? { ...slot, ...change } : slot));
      slotsRef.current = next;
      return next;
    });
  }, []);

  const start = useCallback(
    async (slot: PhotoSlot) => {
      const file = slot.file;
      if (!file) return;
      const controller = new AbortController();
      controllers.current.set(slot.key, controller);
      update(slot.key, { status: 'uploading', progress: 0, error: null });
      let making = prepared.current.get(slot.key);
      if (!making) {
        making = preparePhoto(file);
        prepared.current.set(slot.key, making);
      }
      const blob = await making;
      // Removed while it was being made.
      if (controller.signal.aborted) return;
      // No connection: the photo waits on the device (sent with a kept certification, decision 048).
      if (!navigator.onLine) {
        controllers.current.delete(slot.key);
        update(slot.key, { status: 'waiting', progress: 0, error: null, blob });
        return;
      }
      update(slot.key, { blob });
      // Progress counts the bytes of what is sent: the light copy's.
      uploadPhoto(blob, {
        signal: controller.signal,
        fileName: file.name,
        onProgress: (progress) => update(slot.key, { progress }),
      }).then(
        (photo) => {
          controllers.current.delete(slot.key);
          // Removed while the last bytes were on their way: the stored photo is not wanted.
          if (!slotsRef.current.some((s) => s.key === slot.key)) discardUploadedPhoto(photo.fileId);
          else update(slot.key, { status: 'done', progress: 1, photo });
        },
        (error: unknown) => {
          controllers.current.delete(slot.key);
          if (isAbort(error)) return;
          if (!navigator.onLine) {
            update(slot.key, { status: 'waiting', progress: 0, error: null });
            return;
          }
          update(slot.key, {
            status: 'failed',
            error: uploadErrorMessage(error),
            retryable: isRetryableUpload(error),
          });
        },
      );
    },
    [update],
  );

  /** Adds picked files up to the limit; returns how many did not fit. */
  const add = useCallback(
    (files: readonly File[]): number => {
      const room = photoRoom(slotsRef.current.length);
      const taken = files.slice(0, room).map<PhotoSlot>((file) => ({
        key: `photo-${nextKey++}`,
        file,
        blob: null,
        previewUrl: URL.createObjectURL(file),
        status: 'uploading',
        progress: 0,
        photo: null,
        error: null,
        retryable: true,
      }));
      const next = [...slotsRef.current, ...taken];
      slotsRef.current = next;
      setSlots(next);
      taken.forEach((slot) => void start(slot));
      return files.length - taken.length;
    },
    [start],
  );

  const retry = useCallback(
    (key: string) => {
      const slot = slotsRef.current.find((s) => s.key === key);
      if (slot && slot.status === 'failed' && slot.retryable) void start(slot);
    },
    [start],
  );

  const remove = useCallback((key: string) => {
    const slot = slotsRef.current.find((s) => s.key === key);
    if (!slot) return;
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    prepared.current.delete(key);
    if (slot.photo) discardUploadedPhoto(slot.photo.fileId);
    freePreview(slot);
    const next = slotsRef.current.filter((s) => s.key !== key);
    slotsRef.current = next;
    setSlots(next);
  }, []);

  /** The draft is abandoned: stop uploads and delete what was stored. */
  const discardAll = useCallback(() => {
    for (const slot of slotsRef.current) {
      controllers.current.get(slot.key)?.abort();
      if (slot.photo) discardUploadedPhoto(slot.photo.fileId);
      freePreview(slot);
    }
    controllers.current.clear();
    prepared.current.clear();
    slotsRef.current = [];
    setSlots([]);
  }, []);

  // The connection is back while the sheet is open: the waiting photos go up now.
  useEffect(() => {
    const resume = () =>
      slotsRef.current.filter((slot) => slot.status === 'waiting').forEach((slot) => void start(slot));
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, [start]);

  // Leaving the page: stop what is still sending and free the previews.
  useEffect(() => {
    const active = controllers.current;
    return () => {
      active.forEach((controller) => controller.abort());
      slotsRef.current.forEach(freePreview);
    };
  }, []);

  const photos = slots.flatMap((slot) => (slot.photo ? [slot.photo] : []));
  const fileIds = photos.map((photo) => photo.fileId);
  /** Photos picked without a connection (their light copies), to keep with a certification made offline. */
  const waiting = slots.flatMap((slot) =>
    slot.status === 'waiting' && slot.file && slot.blob ? [{ blob: slot.blob, name: slot.file.name }] : [],
  );
  return { slots, photos, fileIds, waiting, add, retry, remove, discardAll };
}
