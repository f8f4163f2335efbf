import { popupListEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

/** Page popups in their display period (spec §2 "page popup"). */
export function popupListQueryOptions() {
  return queryOptions({
    queryKey: ['home', 'popup-list'] as const,
    queryFn: ({ signal }) => callApi(popupListEndpoint, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
