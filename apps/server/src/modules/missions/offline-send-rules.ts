import { MAX_LATE_CERTIFICATIONS_PER_DAY, offlineCertificationDay } from '@hamkke/contract/mission/mission';
import { seoulDayEnd, seoulDayStart } from '@hamkke/contract/seoul-day';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MissionViews } from './mission-views.ts';
import { countLateCertifications, findRoundJoinedAt } from './missions.repository.ts';

/**
 * The rules of a certification sent from the device's queue (decision 048, issue 46): which day it
 * counts for, how many late ones a day, and never dated before its author joined the round's team.
 */
export function createOfflineSendRules(deps: { db: Kysely<Database>; clock: Clock; views: MissionViews }) {
  const { db, clock } = deps;
  const { today, dayMissions } = deps.views;

  /**
   * The day a certification counts for (decision 048): today, or for a send from the device's queue
   * (`madeAt`, with its key) the Seoul day it was made if that is today or yesterday and at most
   * 24 hours ago.
   */
  async function dayOfCertification(
    userId: number,
    input: { idempotencyKey?: string | undefined; madeAt?: string | undefined },
  ): Promise<{ day: string; late: boolean }> {
    if (input.madeAt === undefined) return { day: today(), late: false };
    if (input.idempotencyKey === undefined) {
      throw new AppError('VALIDATION_FAILED', 'A client time comes with an idempotency key', [
        { path: 'idempotencyKey', code: 'REQUIRED', message: 'is required with madeAt' },
      ]);
    }
    const placed = offlineCertificationDay(new Date(input.madeAt), clock());
    if ('refused' in placed) {
      throw new AppError('VALIDATION_FAILED', 'Made too long ago to count', [
        { path: 'madeAt', code: 'INVALID_VALUE', message: 'is more than 24 hours ago or before yesterday' },
      ]);
    }
    return placed;
  }

  /**
   * A certification for yesterday counts only while its round still runs today (a round that ended
   * yesterday is closed and its results frozen), and at most MAX_LATE_CERTIFICATIONS_PER_DAY a day.
   */
  async function assertLateAllowed(userId: number, subChallengeId: string) {
    const day = today();
    if (!(await dayMissions(userId, day)).some((m) => m.subChallengeId === subChallengeId)) {
      throw new AppError('VALIDATION_FAILED', 'The round of that day has ended', [
        { path: 'madeAt', code: 'INVALID_VALUE', message: 'the round has ended since' },
      ]);
    }
    const late = await countLateCertifications(db, {
      userId,
      before: day,
      from: seoulDayStart(day).toISOString(),
      to: seoulDayEnd(day).toISOString(),
    });
    if (late >= MAX_LATE_CERTIFICATIONS_PER_DAY) {
      throw new AppError('RATE_LIMITED', 'Too many late certifications today');
    }
  }

  /** A certification made offline is never dated before its author joined the round's team (issue 46). */
  async function assertMadeAsMember(userId: number, subChallengeId: string, madeAt: string) {
    const joinedAt = await findRoundJoinedAt(db, userId, Number(subChallengeId));
    if (joinedAt === undefined || Date.parse(joinedAt) > Date.parse(madeAt)) {
      throw new AppError('VALIDATION_FAILED', 'Made before joining the team', [
        { path: 'madeAt', code: 'INVALID_VALUE', message: 'is before you joined the team' },
      ]);
    }
  }

  return { dayOfCertification, assertLateAllowed, assertMadeAsMember };
}
