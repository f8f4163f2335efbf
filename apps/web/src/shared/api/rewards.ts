import type { EndpointResponse } from '@hamkke/contract/endpoint';
import {
  activityBadgesEndpoint,
  newBadgesEndpoint,
  rewardNoticeEndpoint,
  updateMemberEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
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

/**
 * New badges. The server answers each badge once (it marks it seen as it answers, issue 26), so this
 * answer is the only copy: it is never refetched behind the popup's back (`staleTime: Infinity`, and
 * `markBadgesSeen` leaves it out of its invalidation).
 */
export function newBadgesQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('new-badges'),
    queryFn: ({ signal }) => callApi(newBadgesEndpoint, {}, { signal }),
    staleTime: Infinity,
  });
}

/** Streak, certifications in all, badge counts and the newest badges (/active, home's all-done moment). */
export function activitySummaryQueryOptions() {
  return queryOptions({
    queryKey: rewardKey('activity'),
    queryFn: ({ signal }) => callApi(activityBadgesEndpoint, {}, { signal }),
  });
}

/**
 * Reports the badges a popup showed. The answer holds any badge earned since (answered once, like
 * every new badge): it is kept for the next greeting, and the new badges' query is not refetched,
 * which would drop it.
 */
export async function markBadgesSeen(queryClient: QueryClient, badgeIds: string[]): Promise<void> {
  const answer = await callApi(newBadgesEndpoint, { seen: badgeIds });
  const key = newBadgesQueryOptions().queryKey;
  queryClient.setQueryData(key, answer);
  await queryClient.invalidateQueries({
    queryKey: ['reward'],
    predicate: (query) => query.queryKey[2] !== key[2],
  });
}

type RewardNoticeAnswer = EndpointResponse<typeof rewardNoticeEndpoint>;

/**
 * The reward notice's answer with its display flag set to `display`, when it is still the notice of
 * member `teamMbrId`; any other answer as it is (a newer notice is not this close's to change).
 */
export function withRewardNoticeDisplay(
  answer: RewardNoticeAnswer | undefined,
  teamMbrId: string,
  display: 'Y' | 'N',
): RewardNoticeAnswer | undefined {
  if (answer?.notice?.teamMbrId !== teamMbrId) return answer;
  return { notice: { ...answer.notice, rewardNoticeDisplayYn: display } };
}

/**
 * Spec §4: closing the reward notice (or tapping 마이 while it shows) sets it to N at once and sends
 * `team/update-member`; when that call fails it goes back to Y. The flag is the notice query's own
 * (an optimistic update of the cached answer, rolled back on failure), not a copy in a store.
 */
export async function closeRewardNotice(queryClient: QueryClient): Promise<void> {
  const { queryKey } = rewardNoticeQueryOptions();
  const notice = queryClient.getQueryData(queryKey)?.notice;
  if (notice?.rewardNoticeDisplayYn !== 'Y') return;
  const { teamId, teamMbrId } = notice;
  // A read under way would put the old flag back.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (answer) => withRewardNoticeDisplay(answer, teamMbrId, 'N'));
  try {
    await callApi(updateMemberEndpoint, { teamId, teamMbrId, rewardNoticeDisplayYn: 'N' });
    await queryClient.invalidateQueries({ queryKey });
  } catch (error) {
    queryClient.setQueryData(queryKey, (answer) => withRewardNoticeDisplay(answer, teamMbrId, 'Y'));
    console.error('[reward notice] update-member failed', error);
  }
}
