import { PHOTO_REUSE_VOID_REASON } from '@hamkke/contract/admin/photo-reuse';
import type { Kysely } from 'kysely';
import type { Database, PhotoReuseScope, PhotoReuseStatus } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import {
  decideFlag,
  findCertificationOwners,
  findFlag,
  findFlagPage,
  findUnseenVoids,
  insertFlagUnlessGone,
  markVoidSeen,
} from './photo-reuse.repository.ts';

/**
 * Reused photos (decision 069): a certification made with a photo near-identical to one of another
 * day of the same family, or to any photo of another family, is flagged for an operator. It still
 * counts until the operator voids it — through the missions module's hiding, so it stops counting
 * everywhere the hidden ones do (team scores, badges' progress, streaks, the round close).
 */
export function createPhotoReuseService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  files: FilesService;
  certificationOversight: CertificationOversightService;
}) {
  const { db, clock, files, certificationOversight } = deps;

  return {
    /**
     * Flags the certification just made when one of its photos matches an earlier one it may not
     * reuse; in the certification's transaction (the `certified` event). Another certification of
     * the same family on the same day (two missions shown by one photo) is no reuse.
     */
    async check(trx: Kysely<Database>, certificationId: number): Promise<void> {
      const matches = await files.nearPhotos(certificationId, trx);
      if (matches.length === 0) return;
      const owners = await findCertificationOwners(trx, [
        certificationId,
        ...new Set(matches.map((match) => match.matchedCertificationId)),
      ]);
      const byId = new Map(owners.map((owner) => [owner.id, owner]));
      const own = byId.get(certificationId);
      if (!own) return;
      for (const match of matches) {
        const other = byId.get(match.matchedCertificationId);
        if (!other) continue;
        let scope: PhotoReuseScope;
        if (Number(other.family_id) !== Number(own.family_id)) scope = 'OTHER_FAMILY';
        else if (other.certified_on !== own.certified_on) scope = 'SAME_FAMILY';
        else continue;
        await insertFlagUnlessGone(trx, {
          certification_id: certificationId,
          author_id: own.user_id,
          file_id: match.fileId,
          matched_certification_id: match.matchedCertificationId,
          matched_file_id: match.matchedFileId,
          distance: match.distance,
          scope,
          status: 'OPEN',
          created_at: clock().toISOString(),
          decided_at: null,
          decided_by: null,
          author_notice_at: null,
          author_seen_at: null,
        });
        return;
      }
    },

    /** A page of flags with both certifications' rows (the console adds the photos). */
    queue: (input: { status: PhotoReuseStatus; offset: number; limit: number }) => findFlagPage(db, input),

    /**
     * An operator's decision on an OPEN flag, in the console's transaction: a void hides the
     * certification with {@link PHOTO_REUSE_VOID_REASON} (the scores move once) and tells its author;
     * a dismissal changes nothing else. NOT_FOUND without a flag, CONFLICT when decided already.
     */
    decide: (
      input: { certificationId: number; decision: 'void' | 'dismiss'; operatorId: number },
      trx?: Kysely<Database>,
    ) =>
      inTransaction(db, trx, async (trx) => {
        const flag = await findFlag(trx, input.certificationId);
        if (!flag) throw new AppError('NOT_FOUND', 'No such flagged certification');
        if (flag.status !== 'OPEN') throw new AppError('CONFLICT', 'Decided already');
        const before = await certificationOversight.state(input.certificationId, trx);
        const status: PhotoReuseStatus = input.decision === 'void' ? 'VOIDED' : 'DISMISSED';
        if (input.decision === 'void') {
          await certificationOversight.hideOrRephrase(input.certificationId, PHOTO_REUSE_VOID_REASON, trx);
        }
        const moved = await decideFlag(trx, {
          certificationId: input.certificationId,
          status,
          operatorId: input.operatorId,
          now: clock().toISOString(),
          notify: input.decision === 'void',
        });
        if (!moved) throw new AppError('CONFLICT', 'Decided already');
        return { flag, before, status };
      }),

    /** The author's voids not acknowledged yet (the reports' notices on /home carry them). */
    voidNotices: (authorId: number) => findUnseenVoids(db, authorId),
    markVoidSeen: (authorId: number, certificationId: number) =>
      markVoidSeen(db, authorId, certificationId, clock().toISOString()),
  };
}
export type PhotoReuseService = ReturnType<typeof createPhotoReuseService>;
