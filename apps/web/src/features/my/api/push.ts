import type { PushPreferences } from '@hamkke/contract/my/push';
import { pushPreferencesEndpoint, pushPreferencesUpdateEndpoint } from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';

const preferencesKey = (userId: string) => ['my', userId, 'push-preferences'] as const;

/** The person's reminder choices (a child's are their parent's, read-only). */
export function pushPreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferencesKey(userId),
    queryFn: ({ signal }) => callApi(pushPreferencesEndpoint, {}, { signal }),
  });
}

export async function updatePushPreferences(
  queryClient: QueryClient,
  userId: string,
  changes: Partial<Omit<PushPreferences, 'followsParent'>>,
): Promise<PushPreferences> {
  // A read still on its way would bring back the choice before this change.
  await queryClient.cancelQueries({ queryKey: preferencesKey(userId) });
  const saved = await callApi(pushPreferencesUpdateEndpoint, changes);
  queryClient.setQueryData(preferencesKey(userId), saved);
  return saved;
}
