import { noticeDetailEndpoint, noticeListEndpoint, noticeTopListEndpoint } from '@hamkke/contract/routes';
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { userScope } from '@/shared/api/user-scope.ts';
import { nextNoticeOffset, NOTICE_PAGE_SIZE } from '../notice-rules.ts';

export const noticeKeys = {
  all: ['notice'] as const,
  // Read state (`isNew`) is per person: keys carry who asked.
  list: () => [...noticeKeys.all, userScope(), 'list'] as const,
  top: () => [...noticeKeys.all, userScope(), 'top'] as const,
  detail: (noticeId: string) => [...noticeKeys.all, userScope(), 'detail', noticeId] as const,
};

/** Published notices, ten at a time; the offset starts at 0 (spec §7, §9). */
export function noticeListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: noticeKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      callApi(noticeListEndpoint, { offset: pageParam, limit: NOTICE_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextNoticeOffset,
  });
}

/** Pinned notices and whether any notice is new for the signed-in person. */
export function noticeTopListQueryOptions() {
  return queryOptions({
    queryKey: noticeKeys.top(),
    queryFn: ({ signal }) => callApi(noticeTopListEndpoint, {}, { signal }),
    staleTime: 60_000,
  });
}

/** One notice; opening it marks it read on the server. */
export function noticeDetailQueryOptions(noticeId: string) {
  return queryOptions({
    queryKey: noticeKeys.detail(noticeId),
    queryFn: ({ signal }) => callApi(noticeDetailEndpoint, { noticeId }, { signal }),
  });
}

/** The header's notice icon is highlighted while any notice is new (spec §2); only for signed-in people. */
export function useHasNewNotice(enabled: boolean): boolean {
  const top = useQuery({ ...noticeTopListQueryOptions(), enabled });
  return enabled && top.data?.hasNew === true;
}
