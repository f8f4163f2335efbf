import { newBadgesEndpoint, rewardNoticeEndpoint, updateMemberEndpoint } from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { useUiStore } from '../stores/ui-store.ts';
import { callApi } from './client.ts';
import { userScope } from './user-scope.ts';

/** Reward and badge queries several features share (home, my, active, team results). */

/** Every reward key starts with `reward` and the signed-in person. */
export function rewardKey(...parts: (string | number | undefined)[]) {
  return ['reward', userScope(), ...parts] as const;
}

export function rewardNoticeQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('notice'),
    queryFn: ({ signal }) => callApi(rewardNoticeEndpoint, {}, { signal }),
  });
}

/** Unseen badges; marking is a separate call so a reload before the popup closed shows them again. */
export function newBadgesQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('new-badges'),
    queryFn: ({ signal }) => callApi(newBadgesEndpoint, {}, { signal }),
    staleTime: Infinity,
  });
}

export async function markBadgesSeen(queryClient: QueryClient, badgeIds: string[]): Promise<void> {
  const answer = await callApi(newBadgesEndpoint, { seen: badgeIds });
  queryClient.setQueryData(newBadgesQueryOptions().queryKey, answer);
  await queryClient.invalidateQueries({ queryKey: ['reward'] });
}

/**
 * Spec §4: closing the reward notice (or tapping 마이 while it shows) sets it to N at once and sends
 * `team/update-member`; when that call fails it goes back to Y.
 */
export async function closeRewardNotice(queryClient: QueryClient): Promise<void> {
  const { teamId, teamMbrId, rewardNoticeDisplayYn, setRewardNoticeDisplayYn } = useUiStore.getState();
  if (rewardNoticeDisplayYn !== 'Y' || !teamId || !teamMbrId) return;
  setRewardNoticeDisplayYn('N');
  try {
    await callApi(updateMemberEndpoint, { teamId, teamMbrId, rewardNoticeDisplayYn: 'N' });
    await queryClient.invalidateQueries({ queryKey: rewardKey('notice') });
  } catch (error) {
    setRewardNoticeDisplayYn('Y');
    console.error('[reward notice] update-member failed', error);
  }
}
