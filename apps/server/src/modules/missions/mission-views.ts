import type { Certification, DayMission } from '@hamkke/contract/mission/mission';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import type { FilesService } from '../files/files.service.ts';
import { findDayMissions, type CertificationRow } from './missions.repository.ts';

/** What the three mission services share: today's Seoul day, a day's missions, certification views. */
export function createMissionViews(deps: { db: Kysely<Database>; clock: Clock; files: FilesService }) {
  const { db, clock, files } = deps;
  const today = () => seoulToday(clock);

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
      textPlaceholder: row.textPlaceholder,
      // A hidden certification is still the author's (they see it and why) but counts for nothing.
      certified: row.certificationId !== null && row.hiddenAt === null,
      certificationId: row.certificationId === null ? null : String(row.certificationId),
      hidden: row.certificationId !== null && row.hiddenAt !== null,
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
      deletable: row.certified_on === day && row.hidden_reason === null,
      hiddenReason: row.hidden_reason,
    }));
  }

  return { today, dayMissions, toCertifications };
}
export type MissionViews = ReturnType<typeof createMissionViews>;
