import { addDays, seoulDay } from '@hamkke/contract/dates';
import type { FieldError } from '@hamkke/contract/envelope';
import {
  MAX_CERTIFICATION_TEXT_LENGTH,
  needsPhoto,
  needsText,
  type Certification,
  type DayMission,
} from '@hamkke/contract/mission/mission';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { plainText, sanitizeRichText } from '../../lib/rich-text.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FilesService } from '../files/files.service.ts';
import {
  countCertificationsPerDay,
  findActionLogs,
  findCertificationRows,
  findDayMissions,
  findOrCreateShareDay,
  findParticipatingSubChallenges,
  findShareDay,
  attachUnusedFile,
  deleteCertification,
  insertActionLog,
  insertCertification,
  type CertificationRow,
} from './missions.repository.ts';

export interface MissionsDeps {
  db: Kysely<Database>;
  clock: Clock;
  files: FilesService;
  content: ContentService;
}

function daysOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const days: string[] = [];
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

export function createMissionsService(deps: MissionsDeps) {
  const { db, clock, files, content } = deps;
  const today = () => seoulDay(clock());

  async function dayMissions(userId: number, day: string): Promise<DayMission[]> {
    const rows = await findDayMissions(db, userId, day);
    return rows.map((row) => ({
      missionId: String(row.missionId),
      subChallengeId: String(row.subChallengeId),
      challengeId: String(row.challengeId),
      challengeType: row.challengeType,
      challengeTitle: row.challengeTitle,
      title: row.title,
      description: row.description,
      icon: row.icon,
      proofType: row.proofType,
      certified: row.certificationId !== null,
      certificationId: row.certificationId === null ? null : String(row.certificationId),
    }));
  }

  /** Rows to contract objects, with their photos, in one query for all photos. */
  async function toCertifications(rows: CertificationRow[]): Promise<Certification[]> {
    const photos = await files.photosOfCertifications(rows.map((row) => row.id));
    const day = today();
    return rows.map((row) => ({
      certificationId: String(row.id),
      missionId: String(row.mission_id),
      missionTitle: row.mission_title,
      icon: row.icon,
      challengeType: row.challenge_type,
      date: row.certified_on,
      contentHtml: row.content_html,
      photos: photos.filter((photo) => photo.certification_id === row.id).map(files.toPhoto),
      createdAt: row.created_at,
      deletable: row.certified_on === day,
    }));
  }

  async function progress(userId: number, type: 'challenge' | 'always') {
    const missions = (await dayMissions(userId, today())).filter((mission) => mission.challengeType === type);
    return { total: missions.length, certified: missions.filter((mission) => mission.certified).length };
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
    async certify(userId: number, input: { missionId: string; contentHtml: string; fileIds: string[] }) {
      const day = today();
      const mission = (await dayMissions(userId, day)).find((m) => m.missionId === input.missionId);
      if (!mission) throw new AppError('NOT_FOUND', 'No such mission for you today');
      if (mission.certified) throw new AppError('CONFLICT', 'Already certified today');

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
      const forbidden = await content.findForbiddenWords(text);
      if (forbidden.length) {
        throw new AppError('FORBIDDEN_WORD', 'The text contains forbidden words', [
          { path: 'contentHtml', message: forbidden.join(', ') },
        ]);
      }

      const stamp = clock().toISOString();
      let certificationId: number;
      try {
        certificationId = await db.transaction().execute(async (trx) => {
          const id = await insertCertification(trx, {
            userId,
            missionId: Number(input.missionId),
            day,
            contentHtml: html,
            createdAt: stamp,
          });
          for (const [sort, fileId] of fileIds.entries()) {
            if (!(await attachUnusedFile(trx, { fileId, ownerId: userId, certificationId: id, sort }))) {
              throw new AppError('VALIDATION_FAILED', 'A photo is not yours or already used', [
                { path: `fileIds.${sort}`, code: 'NOT_YOURS', message: 'is not an unused upload of yours' },
              ]);
            }
          }
          await insertActionLog(trx, {
            userId,
            missionId: Number(input.missionId),
            action: 'CERTIFY',
            day,
            createdAt: stamp,
          });
          return id;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        const existing = await findCertificationRows(db, { userId, day });
        if (existing.some((row) => String(row.mission_id) === input.missionId)) {
          throw new AppError('CONFLICT', 'Already certified today');
        }
        throw error;
      }
      const [certification] = await toCertifications(
        await findCertificationRows(db, { userId, certificationId }),
      );
      return certification!;
    },

    /** 인증은 작성자가 같은 날에만 지울 수 있어요. Its photos go with it. */
    async remove(userId: number, certificationId: string) {
      const [row] = await findCertificationRows(db, { userId, certificationId: Number(certificationId) });
      if (!row) throw new AppError('NOT_FOUND', 'No such certification of yours');
      if (row.certified_on !== today()) {
        throw new AppError('FORBIDDEN', 'A certification can only be deleted on its own day');
      }
      const photos = await files.photosOfCertifications([row.id]);
      await db.transaction().execute(async (trx) => {
        await deleteCertification(trx, row.id);
        await insertActionLog(trx, {
          userId,
          missionId: row.mission_id,
          action: 'DELETE',
          day: row.certified_on,
          createdAt: clock().toISOString(),
        });
      });
      await files.discardStored(photos);
      return { deleted: true as const };
    },

    async log(userId: number, offset: number, limit: number) {
      const rows = await findCertificationRows(db, { userId }, { offset, limit: limit + 1 });
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

    async infoByDate(userId: number, date: string) {
      return {
        date,
        certifications: await toCertifications(await findCertificationRows(db, { userId, day: date })),
      };
    },

    /** The calendar: for each day, certifications made and missions that ran. */
    async statusByMonth(userId: number, month: string) {
      const days = daysOfMonth(month);
      const [counts, subChallenges] = await Promise.all([
        countCertificationsPerDay(db, userId, days[0]!, days.at(-1)!),
        findParticipatingSubChallenges(db, userId),
      ]);
      const certified = new Map(counts.map((row) => [row.certified_on, Number(row.count)]));
      return {
        month,
        days: days.map((date) => ({
          date,
          certifiedCount: certified.get(date) ?? 0,
          missionCount: subChallenges
            .filter((s) => s.start_date <= date && (s.end_date === null || s.end_date >= date))
            .reduce((sum, s) => sum + Number(s.mission_count), 0),
        })),
      };
    },

    async countByMonth(userId: number, month: string) {
      const days = daysOfMonth(month);
      const counts = await countCertificationsPerDay(db, userId, days[0]!, days.at(-1)!);
      return {
        month,
        certifications: counts.reduce((sum, row) => sum + Number(row.count), 0),
        certifiedDays: counts.length,
      };
    },

    async participatingMissionCount(userId: number) {
      return (await dayMissions(userId, today())).length;
    },

    alwaysProgress: (userId: number) => progress(userId, 'always'),
    challengeProgress: (userId: number) => progress(userId, 'challenge'),

    async challengeCertifiedInfo(userId: number, challengeId: string) {
      const subChallenges = (await findParticipatingSubChallenges(db, userId)).filter(
        (s) => String(s.challenge_id) === challengeId,
      );
      const current = subChallenges.find((s) => s.start_date <= today()) ?? subChallenges[0];
      if (!current) throw new AppError('NOT_FOUND', 'You take no part in that challenge');
      const rows = await findCertificationRows(db, { userId, challengeId: Number(challengeId) });
      const inRound = rows.filter(
        (row) =>
          row.certified_on >= current.start_date &&
          (current.end_date === null || row.certified_on <= current.end_date),
      );
      const last = current.end_date && current.end_date < today() ? current.end_date : today();
      let elapsed = 0;
      for (let day = current.start_date; day <= last; day = addDays(day, 1)) elapsed += 1;
      return {
        challengeId,
        title: current.title,
        startDate: current.start_date,
        endDate: current.end_date,
        certifications: inRound.length,
        certifiedDays: new Set(inRound.map((row) => row.certified_on)).size,
        elapsedDays: elapsed,
      };
    },

    async shareUuid(userId: number, date: string) {
      const { uuid } = await findOrCreateShareDay(db, userId, date, randomUUID());
      return { uuid, date };
    },

    /** Public: the day's certifications of the person behind the uuid, with the alias only. */
    async shared(uuid: string, date: string, challengeId?: string) {
      const share = await findShareDay(db, uuid);
      if (!share || share.day !== date) throw new AppError('NOT_FOUND', 'No such shared day');
      const rows = await findCertificationRows(db, {
        userId: share.user_id,
        day: date,
        ...(challengeId ? { challengeId: Number(challengeId) } : {}),
      });
      const certifications = (await toCertifications(rows)).map(({ deletable: _deletable, ...rest }) => rest);
      return { alias: share.alias, date, certifications };
    },
  };
}
export type MissionsService = ReturnType<typeof createMissionsService>;
