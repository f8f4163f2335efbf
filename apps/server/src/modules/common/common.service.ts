import { seoulDay } from '@hamkke/contract/dates';
import type { CommonCode } from '@hamkke/contract/common/commcode-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  countActiveUsers,
  countAllCertifications,
  countCertificationsOn,
  findCommonCodes,
} from './common.repository.ts';

export function createCommonService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** 누적 인증 수와 활성 사용자 수 (헤더). */
    async totalUserMission() {
      const [totalMissionCnt, totalUserCnt] = await Promise.all([
        countAllCertifications(db),
        countActiveUsers(db),
      ]);
      return { totalMissionCnt, totalUserCnt };
    },
    /** 오늘은 한국 시간 기준의 하루예요. */
    todayCertificationCount: () => countCertificationsOn(db, seoulDay(clock())),
    totalUserCount: () => countActiveUsers(db),
    totalCertificationCount: () => countAllCertifications(db),

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
