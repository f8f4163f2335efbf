import {
  achievedBadgeCountEndpoint,
  badgeStatusEndpoint,
  rewardHistoryEndpoint,
} from '@hamkke/contract/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { rewardKey } from '@/shared/api/rewards.ts';

export const REWARD_PAGE_SIZE = 20;

/** The caller's and their children's rewards, newest first, a page at a time; totals come with each page. */
export function rewardHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: rewardKey('history'),
    queryFn: ({ pageParam, signal }) =>
      callApi(rewardHistoryEndpoint, { offset: pageParam, limit: REWARD_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
  });
}

export function badgeStatusQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('badge-status'),
    queryFn: ({ signal }) => callApi(badgeStatusEndpoint, {}, { signal }),
  });
}

export function badgeCountQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('badge-count'),
    queryFn: ({ signal }) => callApi(achievedBadgeCountEndpoint, {}, { signal }),
  });
}
