import { activityBadgesEndpoint, activityTimelineEndpoint } from '@hamkke/contract/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { rewardKey } from '@/shared/api/rewards.ts';

export const TIMELINE_PAGE_SIZE = 20;

/** Streak, certifications in all, badge counts and the newest badges. */
export function activitySummaryQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('activity'),
    queryFn: ({ signal }) => callApi(activityBadgesEndpoint, {}, { signal }),
  });
}

/** Certifications, badges, team joins, medals and rewards, newest first, a page at a time. */
export function timelineQueryOptions() {
  return infiniteQueryOptions({
    queryKey: rewardKey('timeline'),
    queryFn: ({ pageParam, signal }) =>
      callApi(activityTimelineEndpoint, { offset: pageParam, limit: TIMELINE_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
  });
}
