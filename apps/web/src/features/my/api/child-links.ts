import { createChildInviteEndpoint, createChildPasswordLinkEndpoint } from '@hamkke/contract/routes';
import { callApi } from '@/shared/api/client.ts';

/** One-time links a verified parent makes for a child (pin users only). */

export function createChildInvite(input: { userNm: string; guardianConsentVersion: string }) {
  return callApi(createChildInviteEndpoint, input);
}

export function createChildPasswordLink(childrenUserId: string) {
  return callApi(createChildPasswordLinkEndpoint, { childrenUserId });
}
