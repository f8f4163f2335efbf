import {
  agreeChildConsentEndpoint,
  childConsentEndpoint,
  childConsentsEndpoint,
  childrenInfoEndpoint,
  childrenListEndpoint,
  createChildrenEndpoint,
  deleteChildrenEndpoint,
  unlockChildLoginEndpoint,
  updateChildrenEndpoint,
} from '@hamkke/contract/routes';
import type { Child } from '@hamkke/contract/my/children';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

/** Every children query of a parent starts with this key. */
function childrenKey(userId: string) {
  return ['my', userId, 'children'] as const;
}

export function childrenListQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...childrenKey(userId), 'list'] as const,
    queryFn: ({ signal }) => callApi(childrenListEndpoint, {}, { signal }),
  });
}

export function childInfoQueryOptions(userId: string, childrenUserId: string) {
  return queryOptions({
    queryKey: [...childrenKey(userId), 'info', childrenUserId] as const,
    queryFn: ({ signal }) => callApi(childrenInfoEndpoint, { childrenUserId }, { signal }),
  });
}

export async function createChild(
  queryClient: QueryClient,
  userId: string,
  draft: { userNm: string; loginId: string; password: string; guardianConsentVersion: string },
): Promise<Child> {
  const child = await callApi(createChildrenEndpoint, draft);
  await queryClient.invalidateQueries({ queryKey: childrenListQueryOptions(userId).queryKey });
  return child;
}

export async function updateChild(
  queryClient: QueryClient,
  userId: string,
  change: { childrenUserId: string; userNm?: string; password?: string },
): Promise<Child> {
  const child = await callApi(updateChildrenEndpoint, change);
  queryClient.setQueryData(childInfoQueryOptions(userId, child.childrenUserId).queryKey, child);
  await queryClient.invalidateQueries({ queryKey: childrenListQueryOptions(userId).queryKey });
  return child;
}

export async function deleteChild(queryClient: QueryClient, userId: string, childrenUserId: string) {
  await callApi(deleteChildrenEndpoint, { childrenUserId });
  // The deleted child's page is not asked for again; only the list is.
  queryClient.removeQueries({ queryKey: childInfoQueryOptions(userId, childrenUserId).queryKey });
  await queryClient.invalidateQueries({ queryKey: childrenListQueryOptions(userId).queryKey });
}

/** Lifts the lock on the child's login id after strangers' failures; nothing cached changes. */
export async function unlockChildLogin(childrenUserId: string): Promise<void> {
  await callApi(unlockChildLoginEndpoint, { childrenUserId });
}

/** The child privacy document in force (home/child-consent), shown under "내용 보기". */
export function childConsentDocumentQueryOptions() {
  return queryOptions({
    queryKey: ['terms', 'child-consent'] as const,
    queryFn: ({ signal }) => callApi(childConsentEndpoint, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The guardian's consents of the parent's children, or of one child. */
export function childConsentsQueryOptions(userId: string, childrenUserId?: string) {
  return queryOptions({
    queryKey: [...childrenKey(userId), 'consents', childrenUserId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      callApi(childConsentsEndpoint, childrenUserId === undefined ? {} : { childrenUserId }, { signal }),
  });
}

/** The parent agrees again for one child; every consents query of the parent is asked again. */
export async function agreeChildConsent(
  queryClient: QueryClient,
  userId: string,
  input: { childrenUserId: string; guardianConsentVersion: string },
) {
  const state = await callApi(agreeChildConsentEndpoint, input);
  await queryClient.invalidateQueries({ queryKey: [...childrenKey(userId), 'consents'] });
  return state;
}
