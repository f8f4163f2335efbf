import type { FieldError } from '@hamkke/contract/envelope';
import { MAX_CERTIFICATION_TEXT_LENGTH, needsPhoto, needsText } from '@hamkke/contract/mission/mission';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { plainText, sanitizeRichText } from '../../lib/rich-text.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { MissionViews } from './mission-views.ts';
import { createOfflineSendRules } from './offline-send-rules.ts';
import {
  deleteCertification,
  findCertificationIdByKey,
  findActionLogs,
  findCertificationRows,
  insertActionLog,
  insertCertification,
} from './missions.repository.ts';

/** `home/*` mission calls: today's missions, certifying, deleting, the person's log. */
export function createCertificationService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  files: FilesService;
  content: ContentService;
  views: MissionViews;
  /** Team scores and badges are kept in the certification's own transaction. */
  events: DomainEvents;
}) {
  const { db, clock, files, content } = deps;
  const { dayOfCertification, assertLateAllowed, assertMadeAsMember } = createOfflineSendRules({
    db,
    clock,
    views: deps.views,
  });
  const { today, dayMissions, toCertifications } = deps.views;

  async function certificationById(userId: number, certificationId: number) {
    const [certification] = await toCertifications(
      await findCertificationRows(db, { userId, certificationId, includeHidden: true }),
    );
    if (!certification) throw new AppError('NOT_FOUND', 'No such certification of yours');
    return certification;
  }

  /**
   * The certification a key was first sent with, for a repeat of that send; the same key with
   * another mission or text is refused (409 on `idempotencyKey`).
   */
  async function repeatOf(
    userId: number,
    certificationId: number,
    input: { missionId: number; contentHtml: string },
  ) {
    const stored = await certificationById(userId, certificationId);
    if (
      stored.missionId !== String(input.missionId) ||
      stored.contentHtml !== sanitizeRichText(input.contentHtml)
    ) {
      throw new AppError('CONFLICT', 'That key was sent with another certification', [
        { path: 'idempotencyKey', code: 'TAKEN', message: 'was used for another certification' },
      ]);
    }
    return stored;
  }

  return {
    missionList: async (userId: number) => ({ date: today(), missions: await dayMissions(userId, today()) }),

    /**
     * A person's certifications of one round between two days, newest first, as a teammate sees
     * them (never deletable by the viewer). The caller checks the viewer is in the person's team.
     */
    async certificationsInRound(userId: number, range: { subChallengeId: number; from: string; to: string }) {
      const rows = await findCertificationRows(db, { userId, ...range }, { offset: 0, limit: 200 });
      return (await toCertifications(rows)).map((certification) => ({ ...certification, deletable: false }));
    },
    missionsOn: async (userId: number, date: string) => ({ date, missions: await dayMissions(userId, date) }),

    /**
     * 인증은 사람·미션·하루에 한 번만 가능해요. The mission must run today in one of the person's
     * sub-challenges; photos must be the person's own unused uploads; the text is sanitized and
     * checked against the forbidden words. Concurrent duplicates: the unique index lets one through.
     */
    async certify(
      userId: number,
      input: {
        missionId: number;
        contentHtml: string;
        fileIds: string[];
        idempotencyKey?: string | undefined;
        madeAt?: string | undefined;
      },
    ) {
      const key = input.idempotencyKey;
      // A repeat of a queued send (decision 048): the first answer, never a second certification —
      // but a key sent again with another certification is a mistake, not a repeat (409, issue 46).
      const first = key === undefined ? undefined : await findCertificationIdByKey(db, userId, key);
      if (first !== undefined) return repeatOf(userId, first, input);
      const { day, late } = await dayOfCertification(userId, input);

      const mission = (await dayMissions(userId, day)).find((m) => m.missionId === String(input.missionId));
      if (!mission) throw new AppError('NOT_FOUND', 'No such mission for you that day');
      if (mission.certified) {
        // The same key's first send may have been stored since the look-up above: answer with it.
        const stored = key === undefined ? undefined : await findCertificationIdByKey(db, userId, key);
        if (stored !== undefined) return repeatOf(userId, stored, input);
        throw new AppError('CONFLICT', 'Already certified that day');
      }
      if (late) await assertLateAllowed(userId, mission.subChallengeId);
      if (input.madeAt !== undefined) await assertMadeAsMember(userId, mission.subChallengeId, input.madeAt);

      const html = sanitizeRichText(input.contentHtml);
      const text = plainText(html);
      const fileIds = [...new Set(input.fileIds)];
      const fields: FieldError[] = [];
      if (text.length > MAX_CERTIFICATION_TEXT_LENGTH)
        fields.push({ path: 'contentHtml', code: 'TOO_LONG', message: 'is too long' });
      if (needsPhoto(mission.proofType) && fileIds.length === 0) {
        fields.push({ path: 'fileIds', code: 'REQUIRED', message: 'a photo is required' });
      }
      if (needsText(mission.proofType) && text.length === 0) {
        fields.push({ path: 'contentHtml', code: 'REQUIRED', message: 'text is required' });
      }
      if (fields.length) throw new AppError('VALIDATION_FAILED', 'The certification is incomplete', fields);
      await content.assertNoForbiddenWords({ contentHtml: text });

      const stamp = clock().toISOString();
      let certificationId: number;
      try {
        certificationId = await db.transaction().execute(async (trx) => {
          const id = await insertCertification(trx, {
            userId,
            missionId: input.missionId,
            day,
            contentHtml: html,
            createdAt: stamp,
            idempotencyKey: key,
            madeAt: input.madeAt === undefined ? undefined : new Date(input.madeAt).toISOString(),
          });
          for (const [sort, fileId] of fileIds.entries()) {
            if (
              !(await files.attachToCertification(
                { fileId, ownerId: userId, certificationId: id, sort },
                trx,
              ))
            ) {
              throw new AppError('VALIDATION_FAILED', 'A photo is not yours or already used', [
                { path: `fileIds.${sort}`, code: 'NOT_YOURS', message: 'is not an unused upload of yours' },
              ]);
            }
          }
          await insertActionLog(trx, {
            userId,
            missionId: input.missionId,
            action: 'CERTIFY',
            day,
            createdAt: stamp,
          });
          await deps.events.emit(trx, 'certified', {
            certificationId: id,
            userId,
            missionId: input.missionId,
            subChallengeId: Number(mission.subChallengeId),
            day,
            createdAt: stamp,
          });
          return id;
        });
      } catch (error) {
        // The same key sent twice at once: the unique index let one through; answer with it.
        const won = key === undefined ? undefined : await findCertificationIdByKey(db, userId, key);
        if (won !== undefined) return repeatOf(userId, won, input);
        if (error instanceof AppError) throw error;
        const existing = await findCertificationRows(db, { userId, day });
        if (existing.some((row) => row.mission_id === input.missionId)) {
          throw new AppError('CONFLICT', 'Already certified today');
        }
        throw error;
      }
      return certificationById(userId, certificationId);
    },

    /** 인증은 작성자가 같은 날에만 지울 수 있어요. Its photos go with it. */
    async remove(userId: number, certificationId: number) {
      const [row] = await findCertificationRows(db, { userId, certificationId, includeHidden: true });
      if (!row) throw new AppError('NOT_FOUND', 'No such certification of yours');
      // A hidden one stays as the operator left it (its scores are already taken out).
      if (row.hidden_reason !== null) throw new AppError('FORBIDDEN', 'A hidden certification is kept');
      if (row.certified_on !== today()) {
        throw new AppError('FORBIDDEN', 'A certification can only be deleted on its own day');
      }
      const photos = await files.photosOfCertifications([row.id]);
      await db.transaction().execute(async (trx) => {
        await files.deleteOfCertification(row.id, trx);
        await deleteCertification(trx, row.id);
        await insertActionLog(trx, {
          userId,
          missionId: row.mission_id,
          action: 'DELETE',
          day: row.certified_on,
          createdAt: clock().toISOString(),
        });
        await deps.events.emit(trx, 'certificationDeleted', {
          userId,
          missionId: row.mission_id,
          subChallengeId: row.sub_challenge_id,
          day: row.certified_on,
          createdAt: row.created_at,
        });
      });
      await files.discardStored(photos);
      return { deleted: true as const };
    },

    async log(userId: number, offset: number, limit: number) {
      const rows = await findCertificationRows(
        db,
        { userId, includeHidden: true },
        { offset, limit: limit + 1 },
      );
      return { items: await toCertifications(rows.slice(0, limit)), hasMore: rows.length > limit };
    },

    async actionLog(userId: number, offset: number, limit: number) {
      const rows = await findActionLogs(db, userId, offset, limit + 1);
      return {
        items: rows.slice(0, limit).map((row) => ({
          action: row.action,
          missionId: String(row.mission_id),
          missionTitle: row.title,
          date: row.day,
          createdAt: row.created_at,
        })),
        hasMore: rows.length > limit,
      };
    },
  };
}
