import { seoulDay } from '@hamkke/contract/dates';
import type { CommonCode } from '@hamkke/contract/common/commcode-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { createHotValues } from '../../lib/hot-value.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { findCommonCodes } from './common.repository.ts';

export function createCommonService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  events: DomainEvents;
  /** Whose rows the counts count: people (users) and certifications (missions). */
  users: Pick<UsersService, 'countActive'>;
  missions: Pick<MissionsService, 'certificationCount'>;
  /** The header counts are read on every page of every person: reused this long per server. */
  countsCacheMs: number;
}) {
  const { db, clock, users, missions } = deps;
  const counts = createHotValues<number>(deps.countsCacheMs);
  // A certification made or deleted on this server shows in the counts at once.
  deps.events.on('certified', async () => counts.drop());
  deps.events.on('certificationDeleted', async () => counts.drop());
  // So does an operator's hiding or showing again of one.
  deps.events.on('certificationHidden', async () => counts.drop());
  deps.events.on('certificationRestored', async () => counts.drop());
  const allCertifications = () => counts.get('certifications', () => missions.certificationCount());
  const activeUsers = () => counts.get('users', () => users.countActive());
  return {
    /** 누적 인증 수와 활성 사용자 수 (헤더). */
    async totalUserMission() {
      const [totalMissionCnt, totalUserCnt] = await Promise.all([allCertifications(), activeUsers()]);
      return { totalMissionCnt, totalUserCnt };
    },
    /** 오늘은 한국 시간 기준의 하루예요. */
    todayCertificationCount: () => {
      const day = seoulDay(clock());
      return counts.get(`today:${day}`, () => missions.certificationCount(day));
    },
    totalUserCount: activeUsers,
    totalCertificationCount: allCertifications,

    /** Every asked group appears in the answer, an unknown one with an empty list. */
    async commonCodes(groupKeys: readonly string[]): Promise<Record<string, CommonCode[]>> {
      const unique = [...new Set(groupKeys)];
      const result: Record<string, CommonCode[]> = Object.fromEntries(unique.map((key) => [key, []]));
      for (const { groupKey, ...code } of await findCommonCodes(db, unique)) result[groupKey]?.push(code);
      return result;
    },
  };
}
export type CommonService = ReturnType<typeof createCommonService>;
