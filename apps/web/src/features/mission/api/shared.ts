import { sharedCertificationsEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import type { SharedDay } from '@/shared/lib/share.ts';

/** A shared day of certifications, open to anyone with the link (no session needed). */
export function sharedDayQueryOptions({ uuid, date, challengeId }: SharedDay) {
  return queryOptions({
    queryKey: ['mission', 'shared', uuid, date, challengeId ?? null] as const,
    queryFn: ({ signal }) =>
      callApi(sharedCertificationsEndpoint, challengeId ? { uuid, date, challengeId } : { uuid, date }, {
        signal,
      }),
  });
}
