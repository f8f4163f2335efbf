import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/schema.ts';
import type { FileStorage } from '../src/lib/storage.ts';
import { createMissions } from './factories.ts';

/**
 * Certifications with stored photos for each of `people` (data export tests): `days` days of each of
 * `missions` missions, `photosPerCertification` photos each, of random bytes (`photoBytes(n)` long:
 * the export copies bytes and never decodes them). Answers the photos' storage keys and sizes.
 */
export async function seedCertifiedPhotos(
  db: Kysely<Database>,
  storage: FileStorage,
  options: {
    people: readonly number[];
    missions: number;
    days: number;
    photosPerCertification: number;
    photoBytes: (n: number) => number;
  },
): Promise<{ photos: Map<string, number>; certifications: number }> {
  const missionIds = await createMissions(db, options.missions, 'PHOTO_TEXT');
  const photos = new Map<string, number>();
  let n = 0;
  let certifications = 0;
  for (const userId of options.people) {
    for (let day = 0; day < options.days; day += 1) {
      const date = new Date(Date.UTC(2026, 9, 1 + day)).toISOString().slice(0, 10);
      for (const missionId of missionIds) {
        const row = await db
          .insertInto('mission_certifications')
          .values({
            user_id: userId,
            mission_id: missionId,
            certified_on: date,
            content_html: `<p>${date} 미션 ${missionId} 했어요 &amp; 좋아요</p>`,
            created_at: `${date}T01:00:00.000Z`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        certifications += 1;
        for (let sort = 0; sort < options.photosPerCertification; sort += 1) {
          n += 1;
          const id = randomBytes(12).toString('base64url');
          const key = `${id}.webp`;
          const size = options.photoBytes(n);
          await storage.put(key, randomBytes(size), 'image/webp');
          await db
            .insertInto('files')
            .values({
              id,
              owner_user_id: userId,
              certification_id: row.id,
              sort,
              storage_key: key,
              thumbnail_key: `${id}_t.webp`,
              mime_type: 'image/webp',
              width: 800,
              height: 600,
              bytes: size,
              created_at: `${date}T01:00:00.000Z`,
            })
            .execute();
          photos.set(key, size);
        }
      }
    }
  }
  return { photos, certifications };
}
