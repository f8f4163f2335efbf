import {
  childrenInfoEndpoint,
  childrenListEndpoint,
  createChildrenEndpoint,
  deleteChildrenEndpoint,
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
  draft: { userNm: string; loginId: string; password: string },
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
