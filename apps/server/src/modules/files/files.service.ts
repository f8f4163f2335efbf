import type { Photo } from '@hamkke/contract/mission/mission';
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Database, FilesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isStorageFull } from '../../lib/db-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { RETENTION } from '@hamkke/contract/retention';
import type { DecodeObserver } from '../../lib/metrics.ts';
import type { FileStorage } from '../../lib/storage.ts';
import {
  deleteFileRow,
  findKnownKeys,
  deleteUnusedFiles,
  findFilesOwnedBy,
  findOwnFile,
  findUnusedFilesBefore,
  insertFile,
  findFilesOfCertifications,
  attachUnusedFile,
  deleteFilesOfCertification,
  isShowable,
  findFilesByIds,
  findHashedPhotosPage,
  findHashesOfCertification,
  findWindowsOf,
} from './files.repository.ts';
import {
  CANDIDATE_DISTANCE,
  hammingDistance,
  hashWords,
  parseHashes,
  REUSE_DISTANCE,
  reuseDistance,
  type HashWords,
} from './photo-hash.ts';
import { createPhotoProcessor } from './photo-processing.ts';

/** Hashed photos read at a time when a certification's are compared (decision 069). */
const HASH_PAGE = 2000;

function toWords(row: { photo_hash: string | null; photo_windows: string | null }): HashWords {
  return parseHashes({
    hash: row.photo_hash ?? '',
    windows: row.photo_windows ? row.photo_windows.split(',') : [],
  });
}

/**
 * Other certifications' photos near one of this certification's (decision 069): each pair within
 * {@link REUSE_DISTANCE} bits, the nearest first. Every hashed photo's whole hash is read, a page at a
 * time; the windows only of those within {@link CANDIDATE_DISTANCE}.
 */
async function nearPhotosOf(trx: Kysely<Database>, certificationId: number) {
  const own = (await findHashesOfCertification(trx, certificationId)).map((row) => ({
    id: row.id,
    words: toWords(row),
  }));
  const matches: {
    fileId: string;
    matchedFileId: string;
    matchedCertificationId: number;
    distance: number;
  }[] = [];
  if (own.length === 0) return matches;
  // Whole hashes first (36 hex digits a photo); windows only for the few candidates.
  const candidates = new Map<string, { certificationId: number; hash: Uint32Array }>();
  let afterId = '';
  for (;;) {
    const page = await findHashedPhotosPage(trx, {
      exceptCertificationId: certificationId,
      afterId,
      limit: HASH_PAGE,
    });
    for (const row of page) {
      const hash = hashWords(row.photo_hash!);
      if (own.some((photo) => hammingDistance(photo.words.hash, hash) <= CANDIDATE_DISTANCE)) {
        candidates.set(row.id, { certificationId: row.certification_id!, hash });
      }
    }
    if (page.length < HASH_PAGE) break;
    afterId = page[page.length - 1]!.id;
  }
  const ids = [...candidates.keys()];
  for (let index = 0; index < ids.length; index += HASH_PAGE) {
    for (const row of await findWindowsOf(trx, ids.slice(index, index + HASH_PAGE))) {
      const candidate = candidates.get(row.id)!;
      const words = {
        hash: candidate.hash,
        windows: row.photo_windows ? row.photo_windows.split(',').map(hashWords) : [],
      };
      for (const photo of own) {
        const distance = reuseDistance(photo.words, words);
        if (distance <= REUSE_DISTANCE) {
          matches.push({
            fileId: photo.id,
            matchedFileId: row.id,
            matchedCertificationId: candidate.certificationId,
            distance,
          });
        }
      }
    }
  }
  return matches.sort((a, b) => a.distance - b.distance);
}

/** A photo uploaded but never used in a certification is deleted after a day. */
export const UNUSED_UPLOAD_TTL_MS = RETENTION.pendingUploads.ms;
/** Stored bytes no row names are swept once this old: an upload in flight writes its row in seconds. */
export const ORPHAN_GRACE_MS = RETENTION.orphanPhotos.ms;

export function createFilesService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  storage: FileStorage;
  decodeObserver?: DecodeObserver;
}) {
  const { db, clock, storage } = deps;
  const photos = createPhotoProcessor(undefined, undefined, undefined, deps.decodeObserver);

  const toPhoto = (
    row: Pick<FilesTable, 'id' | 'storage_key' | 'thumbnail_key' | 'width' | 'height'>,
  ): Photo => ({
    fileId: row.id,
    url: storage.urlFor(row.storage_key),
    thumbnailUrl: storage.urlFor(row.thumbnail_key),
    width: row.width,
    height: row.height,
  });

  /**
   * Stored bytes no row names: left by a server killed between writing a photo and its row, or
   * between deleting rows and their bytes. Removed once they are an hour old (an upload in flight
   * writes its row within seconds). Rows are written only after their bytes, so no row ever names
   * missing bytes. Answers how many objects went.
   */
  async function sweepOrphans(now: Date = clock()): Promise<number> {
    const before = now.getTime() - ORPHAN_GRACE_MS;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      const known = await findKnownKeys(db, batch);
      const orphans = batch.filter((key) => !known.has(key));
      await Promise.all(orphans.map((key) => storage.remove(key)));
      removed += orphans.length;
      batch = [];
    };
    for await (const object of storage.list()) {
      if (object.modifiedAt.getTime() >= before) continue;
      batch.push(object.key);
      if (batch.length >= 200) await flush();
    }
    await flush();
    return removed;
  }

  async function purgePendingUploads(now: Date): Promise<number> {
    const stale = await findUnusedFilesBefore(
      db,
      new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS).toISOString(),
    );
    await deleteUnusedFiles(
      db,
      stale.map((row) => row.id),
    );
    await Promise.all(
      stale.flatMap((row) => [storage.remove(row.storage_key), storage.remove(row.thumbnail_key)]),
    );
    return stale.length;
  }

  return {
    toPhoto,

    /** Photos being decoded on this server now, and waiting for a turn (the metrics' queue gauge). */
    decodeQueue: () => ({ active: photos.active, waiting: photos.waiting }),

    /** Stores a re-encoded photo under server-made names; nothing is stored when processing fails. */
    async upload(ownerId: number, bytes: Buffer): Promise<Photo> {
      const processed = await photos.process(bytes);
      const id = randomBytes(18).toString('base64url');
      const storageKey = `${id}.jpg`;
      const thumbnailKey = `${id}_t.webp`;
      try {
        // Both at once; the row is still written only once both are stored.
        await Promise.all([
          storage.put(storageKey, processed.main, 'image/jpeg'),
          storage.put(thumbnailKey, processed.thumbnail, 'image/webp'),
        ]);
      } catch (error) {
        // No row is written. Bytes a half-done put left are removed now if the store answers, else
        // by the orphan sweep; the request does not wait for that (decision 044).
        void Promise.allSettled([storage.remove(storageKey), storage.remove(thumbnailKey)]);
        if (isStorageFull(error)) throw error;
        throw new AppError('SERVICE_UNAVAILABLE', 'Photo storage is unavailable; try again');
      }
      const row = {
        id,
        owner_user_id: ownerId,
        certification_id: null,
        sort: 0,
        storage_key: storageKey,
        thumbnail_key: thumbnailKey,
        mime_type: 'image/jpeg',
        width: processed.width,
        height: processed.height,
        bytes: processed.main.length,
        created_at: clock().toISOString(),
        photo_hash: processed.hashes.hash,
        photo_windows: processed.hashes.windows.join(','),
      };
      try {
        await insertFile(db, row);
      } catch (error) {
        await Promise.all([storage.remove(storageKey), storage.remove(thumbnailKey)]);
        throw error;
      }
      return toPhoto(row);
    },

    /** Only the uploader deletes a photo, and only while no certification uses it. */
    async remove(ownerId: number, fileId: string) {
      const file = await findOwnFile(db, ownerId, fileId);
      if (!file) throw new AppError('NOT_FOUND', 'No such file of yours');
      if (file.certification_id !== null) {
        throw new AppError('CONFLICT', 'The photo belongs to a certification; delete the certification');
      }
      await deleteFileRow(db, fileId);
      await Promise.all([storage.remove(file.storage_key), storage.remove(file.thumbnail_key)]);
      return { deleted: true as const };
    },

    async urlOf(ownerId: number, fileId: string) {
      const file = await findOwnFile(db, ownerId, fileId);
      if (!file) throw new AppError('NOT_FOUND', 'No such file of yours');
      const photo = toPhoto(file);
      return { url: photo.url, thumbnailUrl: photo.thumbnailUrl };
    },

    /** Removes stored bytes of rows already deleted (e.g. with their certification). */
    async discardStored(rows: ReadonlyArray<Pick<FilesTable, 'storage_key' | 'thumbnail_key'>>) {
      await Promise.all(
        rows.flatMap((row) => [storage.remove(row.storage_key), storage.remove(row.thumbnail_key)]),
      );
    },

    /** The stored photos of these certifications, in their order (one query for all). */
    photosOfCertifications: (certificationIds: readonly number[]) =>
      findFilesOfCertifications(db, certificationIds),

    /** The console's view of the certifications' photos (id, photo and thumbnail URLs), grouped by certification. */
    async consolePhotosOf(certificationIds: readonly number[]) {
      const byCertification = new Map<number, { fileId: string; url: string; thumbnailUrl: string }[]>();
      for (const row of await findFilesOfCertifications(db, certificationIds)) {
        const { fileId, url, thumbnailUrl } = toPhoto(row);
        const list = byCertification.get(row.certification_id!) ?? [];
        list.push({ fileId, url, thumbnailUrl });
        byCertification.set(row.certification_id!, list);
      }
      return (certificationId: number) => byCertification.get(certificationId) ?? [];
    },

    /** Gives a certification one of its author's unused uploads, in its transaction; false when the file is not that. */
    attachToCertification: (
      target: { fileId: string; ownerId: number; certificationId: number; sort: number },
      trx: Kysely<Database> = db,
    ) => attachUnusedFile(trx, target),

    /** The photo rows of a certification being deleted, in its transaction (then `discardStored`). */
    deleteOfCertification: (certificationId: number, trx: Kysely<Database> = db) =>
      deleteFilesOfCertification(trx, certificationId),

    /**
     * Deletes people together with their photos: the rows go with the accounts (cascade), the stored
     * bytes right after.
     */

    async deleteOwnersWithPhotos(ownerIds: readonly number[], deleteOwners: () => Promise<void>) {
      const stored = await findFilesOwnedBy(db, ownerIds);
      await deleteOwners();
      await Promise.all(
        stored.flatMap((row) => [storage.remove(row.storage_key), storage.remove(row.thumbnail_key)]),
      );
    },

    /**
     * Retention: deletes day-old uploads that no certification took (rows, then bytes); answers
     * how many.
     */
    purgePendingUploads,

    /** The hourly purge of before the retention job: day-old unused uploads, then orphaned bytes. */
    async purgeUnusedUploads(): Promise<number> {
      const count = await purgePendingUploads(clock());
      await sweepOrphans();
      return count;
    },

    sweepOrphans,

    /** Other certifications' photos near one of this certification's (decision 069), the nearest first. */
    nearPhotos: (certificationId: number, trx: Kysely<Database> = db) => nearPhotosOf(trx, certificationId),

    /** Stored photos by id, as the console shows them (missing ones left out). */
    async photosByIds(ids: readonly string[]) {
      const rows = await findFilesByIds(db, ids);
      return new Map(rows.map((row) => [row.id, toPhoto(row)]));
    },

    /** Stored bytes by their key, or null (the storage's own answer). */
    read: (key: string) => storage.read(key),

    /** A photo's bytes for the public route, or null when there is none or its certification is hidden (issue 46 L4). */
    async readShowable(key: string) {
      // Keys are `${id}.jpg` and `${id}_t.webp` (the upload above).
      const fileId = key.endsWith('_t.webp')
        ? key.slice(0, -7)
        : key.endsWith('.jpg')
          ? key.slice(0, -4)
          : undefined;
      if (fileId === undefined || !(await isShowable(db, fileId, key))) return null;
      return storage.read(key);
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
