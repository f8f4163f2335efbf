import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { FileStorage } from '../../lib/storage.ts';
import { parseHashes, photoDistance, photoHashes } from '../../modules/files/photo-hash.ts';
import type { Database } from '../schema.ts';

/**
 * One reused photo in the demo (decision 069), so the console's 사진 재사용 검토 shows a pair on the
 * first run: a member's latest photo certification gets, in place of its photo, a slightly cropped and
 * re-encoded copy of their photo of an earlier day, both photos hashed as uploads are, and the flag
 * the check would have written. The demo family (the one the sign-in page offers) is left alone.
 */
export async function seedPhotoReuse(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now: Date; demoFamily: readonly number[] },
): Promise<void> {
  const photos = await db
    .selectFrom('files as f')
    .innerJoin('mission_certifications as mc', 'mc.id', 'f.certification_id')
    .select([
      'f.id',
      'f.storage_key',
      'f.thumbnail_key',
      'f.owner_user_id',
      'mc.id as certification_id',
      'mc.certified_on',
    ])
    .where('f.sort', '=', 0)
    .where('mc.hidden_at', 'is', null)
    .where('f.owner_user_id', 'not in', options.demoFamily)
    .orderBy('mc.certified_on', 'desc')
    .orderBy('mc.id', 'desc')
    .execute();
  const later = photos[0];
  const earlier =
    later &&
    photos.find(
      (photo) => photo.owner_user_id === later.owner_user_id && photo.certified_on !== later.certified_on,
    );
  if (!later || !earlier) return;
  const original = await storage.read(earlier.storage_key);
  if (!original) return;
  const { width = 0, height = 0 } = await sharp(original).metadata();
  const copy = await sharp(original)
    .extract({
      left: Math.round(width * 0.04),
      top: Math.round(height * 0.03),
      width: Math.round(width * 0.93),
      height: Math.round(height * 0.94),
    })
    .modulate({ brightness: 1.08 })
    .jpeg({ quality: 70 })
    .toBuffer();
  const thumbnail = await sharp(copy)
    .resize({ width: 480, height: 480, fit: 'inside' })
    .webp({ quality: 70 })
    .toBuffer();
  // Written over the later photo's own bytes: its keys name its row (the server finds a photo by them).
  await storage.put(later.storage_key, copy, 'image/jpeg');
  await storage.put(later.thumbnail_key, thumbnail, 'image/webp');
  const [earlierHashes, copyHashes] = await Promise.all([photoHashes(original), photoHashes(copy)]);
  await db
    .updateTable('files')
    .set({ photo_hash: earlierHashes.hash, photo_windows: earlierHashes.windows.join(',') })
    .where('id', '=', earlier.id)
    .execute();
  const { width: copyWidth = 0, height: copyHeight = 0 } = await sharp(copy).metadata();
  await db
    .updateTable('files')
    .set({
      width: copyWidth,
      height: copyHeight,
      bytes: copy.length,
      photo_hash: copyHashes.hash,
      photo_windows: copyHashes.windows.join(','),
    })
    .where('id', '=', later.id)
    .execute();
  await db
    .insertInto('photo_reuse_flags')
    .values({
      certification_id: later.certification_id,
      author_id: later.owner_user_id,
      file_id: later.id,
      matched_certification_id: earlier.certification_id,
      matched_file_id: earlier.id,
      distance: photoDistance(parseHashes(copyHashes), parseHashes(earlierHashes)),
      scope: 'SAME_FAMILY',
      status: 'OPEN',
      created_at: options.now.toISOString(),
      decided_at: null,
      decided_by: null,
      author_notice_at: null,
      author_seen_at: null,
    })
    .execute();
}
