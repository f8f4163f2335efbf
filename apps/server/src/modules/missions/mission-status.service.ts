import { addDays } from '@hamkke/contract/dates';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MissionViews } from './mission-views.ts';
import {
  countCertificationsPerDay,
  findCertificationRows,
  findParticipatingSubChallenges,
} from './missions.repository.ts';

function daysOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const days: string[] = [];
  for (let day = first; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** `mission/*` status calls: a day's and a month's certifications, counts, challenge progress. */
export function createMissionStatusService(deps: { db: Kysely<Database>; views: MissionViews }) {
  const { db } = deps;
  const { today, dayMissions, toCertifications } = deps.views;

  async function progress(userId: number, type: 'challenge' | 'always') {
    const missions = (await dayMissions(userId, today())).filter((mission) => mission.challengeType === type);
    return { total: missions.length, certified: missions.filter((mission) => mission.certified).length };
  }

  return {
    async infoByDate(userId: number, date: string) {
      return {
        date,
        certifications: await toCertifications(
          await findCertificationRows(db, { userId, day: date, includeHidden: true }),
        ),
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

    async challengeCertifiedInfo(userId: number, challengeId: number) {
      const subChallenges = (await findParticipatingSubChallenges(db, userId)).filter(
        (s) => s.challenge_id === challengeId,
      );
      const current = subChallenges.find((s) => s.start_date <= today()) ?? subChallenges[0];
      if (!current) throw new AppError('NOT_FOUND', 'You take no part in that challenge');
      const rows = await findCertificationRows(db, { userId, challengeId });
      const inRound = rows.filter(
        (row) =>
          row.certified_on >= current.start_date &&
          (current.end_date === null || row.certified_on <= current.end_date),
      );
      const last = current.end_date && current.end_date < today() ? current.end_date : today();
      let elapsed = 0;
      for (let day = current.start_date; day <= last; day = addDays(day, 1)) elapsed += 1;
      return {
        challengeId: String(challengeId),
        title: current.title,
        startDate: current.start_date,
        endDate: current.end_date,
        certifications: inRound.length,
        certifiedDays: new Set(inRound.map((row) => row.certified_on)).size,
        elapsedDays: elapsed,
      };
    },
  };
}
