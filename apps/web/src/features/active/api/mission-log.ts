import { missionLogEndpoint } from '@hamkke/contract/routes';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { missionKeys } from '@/shared/api/missions.ts';

export const MISSION_LOG_PAGE_SIZE = 10;

/** Every certification of the person, newest first, a page at a time. */
export function missionLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: missionKeys.log(),
    queryFn: ({ pageParam, signal }) =>
      callApi(missionLogEndpoint, { offset: pageParam, limit: MISSION_LOG_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
  });
}
