import { faqListEndpoint, serviceInfoEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

export function faqListQueryOptions() {
  return queryOptions({
    queryKey: ['home', 'faq-list'] as const,
    queryFn: ({ signal }) => callApi(faqListEndpoint, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function serviceInfoQueryOptions() {
  return queryOptions({
    queryKey: ['home', 'service-info'] as const,
    queryFn: ({ signal }) => callApi(serviceInfoEndpoint, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}
