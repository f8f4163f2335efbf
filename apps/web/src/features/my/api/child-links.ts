import { createChildInviteEndpoint, createChildPasswordLinkEndpoint } from '@hamkke/contract/routes';
import { callApi } from '@/shared/api/client.ts';

/** One-time links a verified parent makes for a child (pin users only). */

export function createChildInvite(userNm: string) {
  return callApi(createChildInviteEndpoint, { userNm });
}

export function createChildPasswordLink(childrenUserId: string) {
  return callApi(createChildPasswordLinkEndpoint, { childrenUserId });
}
