import { privacyPolicyListEndpoint, termsOfUseEndpoint } from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './client.ts';

/**
 * Terms queries, shared by the terms pages and the consent screen (which sends the versions it shows).
 * Terms of use in the asked version, or the one in force today when `version` is absent.
 */
export function termsOfUseQueryOptions(version?: string) {
  return queryOptions({
    queryKey: ['home', 'terms-of-use', version ?? 'current'] as const,
    queryFn: ({ signal }) => callApi(termsOfUseEndpoint, version ? { version } : {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Every privacy policy version, newest first. */
export function privacyPolicyListQueryOptions() {
  return queryOptions({
    queryKey: ['home', 'privacy-policy-list'] as const,
    queryFn: ({ signal }) => callApi(privacyPolicyListEndpoint, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}
