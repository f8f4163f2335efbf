import { todayMissionCertificationCountEndpoint, totalUserMissionEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

export interface HeaderCounts {
  totalMissionCnt: number;
  totalUserCnt: number;
  todayMissionCertificationCount: number;
}

/** The three header counts (spec §1): all certifications, all users, today's certifications. */
export function countsQueryOptions() {
  return queryOptions({
    queryKey: ['common', 'counts'] as const,
    queryFn: async ({ signal }): Promise<HeaderCounts> => {
      const [totals, today] = await Promise.all([
        callApi(totalUserMissionEndpoint, {}, { signal }),
        callApi(todayMissionCertificationCountEndpoint, {}, { signal }),
      ]);
      return { ...totals, todayMissionCertificationCount: today };
    },
    staleTime: 60_000,
  });
}
