import type { CommonCode } from '@hamkke/contract/common/commcode-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import { createHotValues } from '../../lib/hot-value.ts';
import {
  countActiveUsers,
  countAllCertifications,
  countCertificationsOn,
  findCommonCodes,
} from './common.repository.ts';

export function createCommonService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** The header counts are read on every page of every person: reused this long per server. */
  countsCacheMs: number;
}) {
  const { db, clock } = deps;
  const counts = createHotValues<number>(deps.countsCacheMs, clock);
  const allCertifications = () => counts.get('certifications', () => countAllCertifications(db));
  const activeUsers = () => counts.get('users', () => countActiveUsers(db));
  return {
    /** 누적 인증 수와 활성 사용자 수 (헤더). */
    async totalUserMission() {
      const [totalMissionCnt, totalUserCnt] = await Promise.all([allCertifications(), activeUsers()]);
      return { totalMissionCnt, totalUserCnt };
    },
    /** 오늘은 한국 시간 기준의 하루예요. */
    todayCertificationCount: () => {
      const day = seoulToday(clock);
      return counts.get(`today:${day}`, () => countCertificationsOn(db, day));
    },
    totalUserCount: activeUsers,
    /** Counts again at the next read: a certification changed on this server. */
    dropCounts: () => counts.drop(),
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
