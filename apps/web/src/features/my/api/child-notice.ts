import { childNoticeEndpoint, childNoticeSeenEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

/** Whether the signed-in child has still to confirm the notice about their data (decision 039). */
export function childNoticeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['my', userId, 'child-notice'] as const,
    queryFn: ({ signal }) => callApi(childNoticeEndpoint, {}, { signal }),
  });
}

/** The child confirmed the notice: it is not shown at sign-in again, on any device. */
export const confirmChildNotice = () => callApi(childNoticeSeenEndpoint, {});
