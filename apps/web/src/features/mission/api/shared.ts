import { sharedCertificationsEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import type { SharedDay } from '@/shared/lib/share.ts';

/** The call's body for a shared day (the challenge only when the link names one). */
export function sharedDayRequest({ uuid, date, challengeId }: SharedDay) {
  return challengeId ? { uuid, date, challengeId } : { uuid, date };
}

/** A shared day of certifications, open to anyone with the link (no session needed). */
export function sharedDayQueryOptions(day: SharedDay) {
  return queryOptions({
    queryKey: ['mission', 'shared', day.uuid, day.date, day.challengeId ?? null] as const,
    queryFn: ({ signal }) => callApi(sharedCertificationsEndpoint, sharedDayRequest(day), { signal }),
  });
}
