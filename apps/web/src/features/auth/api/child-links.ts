import {
  childLinkInfoEndpoint,
  registerChildByLinkEndpoint,
  resetChildPasswordByLinkEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

/** The public calls of a child's link pages; the server records the link's events itself (spec §9). */

export function childLinkInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['login', 'child-link', token] as const,
    queryFn: ({ signal }) => callApi(childLinkInfoEndpoint, { token }, { signal }),
    // A link is good once: what it said a moment ago may be gone, so a return asks again.
    staleTime: 0,
  });
}

export function registerChildByLink(input: { token: string; loginId: string; password: string }) {
  return callApi(registerChildByLinkEndpoint, {
    ...input,
    agreements: { termsOfUse: true, privacyPolicy: true },
  });
}

export function resetChildPasswordByLink(input: { token: string; password: string }) {
  return callApi(resetChildPasswordByLinkEndpoint, input);
}
