import { activityTimelineEndpoint } from '@hamkke/contract/routes';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { rewardKey } from '@/shared/api/rewards.ts';

// Home's all-done moment reads the streak too: the summary's query lives in shared/api.
export { activitySummaryQueryOptions } from '@/shared/api/rewards.ts';

export const TIMELINE_PAGE_SIZE = 20;

/** Certifications, badges, team joins, medals and rewards, newest first, a page at a time. */
export function timelineQueryOptions() {
  return infiniteQueryOptions({
    queryKey: rewardKey('timeline'),
    queryFn: ({ pageParam, signal }) =>
      callApi(activityTimelineEndpoint, { offset: pageParam, limit: TIMELINE_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.data.length, 0) : undefined,
  });
}
