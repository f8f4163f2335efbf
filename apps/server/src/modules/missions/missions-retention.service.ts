import { addDays } from '@hamkke/contract/seoul-day';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday } from '../../lib/clock.ts';
import { retentionCutoff, retentionDays } from '@hamkke/contract/retention';
import type { FilesService } from '../files/files.service.ts';
import { deleteShareDaysBefore, findCertificationsHiddenBefore } from './missions-retention.repository.ts';

/** Hidden certifications whose photos are looked up per query. */
const BATCH = 200;

/** Retention of missions' data (decision 039, `docs/retention.md`); each answers how many went. */
export function createMissionsRetentionService(deps: { db: Kysely<Database>; files: FilesService }) {
  const { db, files } = deps;
  return {
    /**
     * A share link lives 90 days from the day it shows (Seoul days): on the 91st its row goes and
     * the link answers "not found"; asking for the day's link again makes a new one.
     */
    purgeShareLinks: (now: Date) =>
      deleteShareDaysBefore(
        db,
        addDays(
          seoulToday(() => now),
          -retentionDays('shareLinks'),
        ),
      ),

    /**
     * Photos of a certification an operator hid are deleted 30 days after it was hidden, if it was
     * not shown again by then; the hidden text stays for its author. Answers how many photos went.
     */
    async purgeHiddenCertificationPhotos(now: Date): Promise<number> {
      const before = retentionCutoff('hiddenCertificationPhotos', now);
      let purged = 0;
      const hidden = await findCertificationsHiddenBefore(db, before);
      for (let at = 0; at < hidden.length; at += BATCH) {
        const photos = await files.photosOfCertifications(hidden.slice(at, at + BATCH));
        if (photos.length === 0) continue;
        await db.transaction().execute(async (trx) => {
          for (const id of new Set(photos.map((photo) => photo.certification_id!)))
            await files.deleteOfCertification(id, trx);
        });
        await files.discardStored(photos);
        purged += photos.length;
      }
      return purged;
    },
  };
}
export type MissionsRetentionService = ReturnType<typeof createMissionsRetentionService>;
