import type { RewardNotice } from '@hamkke/contract/reward/rewards';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('./client.ts', () => ({ callApi }));
vi.mock('./user-scope.ts', () => ({ userScope: () => 'parent-1' }));

const {
  closeRewardNotice,
  markBadgesSeen,
  newBadgesQueryOptions,
  rewardKey,
  rewardNoticeQueryOptions,
  withRewardNoticeDisplay,
} = await import('./rewards.ts');

const notice = (teamMbrId: string, rewardNoticeDisplayYn: 'Y' | 'N') =>
  ({ teamId: '7', teamMbrId, rewardNoticeDisplayYn }) as RewardNotice;

describe('withRewardNoticeDisplay', () => {
  it("sets the flag of that member's notice", () => {
    expect(withRewardNoticeDisplay({ notice: notice('42', 'Y') }, '42', 'N')).toEqual({
      notice: notice('42', 'N'),
    });
    expect(withRewardNoticeDisplay({ notice: notice('42', 'N') }, '42', 'Y')).toEqual({
      notice: notice('42', 'Y'),
    });
  });

  it('leaves another notice, no notice and no answer as they are', () => {
    const other = { notice: notice('7', 'Y') };
    expect(withRewardNoticeDisplay(other, '42', 'N')).toBe(other);
    const none = { notice: null };
    expect(withRewardNoticeDisplay(none, '42', 'N')).toBe(none);
    expect(withRewardNoticeDisplay(undefined, '42', 'N')).toBeUndefined();
  });
});

describe('closeRewardNotice (spec §4)', () => {
  afterEach(() => {
    callApi.mockReset();
    vi.restoreAllMocks();
  });

  function cacheWith(answer: { notice: RewardNotice | null }) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(rewardNoticeQueryOptions().queryKey, answer);
    return queryClient;
  }
  const flagIn = (queryClient: QueryClient) =>
    queryClient.getQueryData(rewardNoticeQueryOptions().queryKey)?.notice?.rewardNoticeDisplayYn;

  it('sets N at once, sends update-member, then reads the notice again', async () => {
    const queryClient = cacheWith({ notice: notice('42', 'Y') });
    let flagDuringCall: string | undefined;
    callApi.mockImplementation((endpoint: { path: string }) => {
      flagDuringCall = flagIn(queryClient);
      return Promise.resolve(endpoint.path === 'team/reward-notice' ? { notice: null } : {});
    });
    await closeRewardNotice(queryClient);
    expect(flagDuringCall).toBe('N');
    expect(callApi).toHaveBeenCalledWith(expect.objectContaining({ path: 'team/update-member' }), {
      teamId: '7',
      teamMbrId: '42',
      rewardNoticeDisplayYn: 'N',
    });
  });

  it('goes back to Y when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queryClient = cacheWith({ notice: notice('42', 'Y') });
    callApi.mockRejectedValue(new Error('offline'));
    await closeRewardNotice(queryClient);
    expect(flagIn(queryClient)).toBe('Y');
  });

  it('sends nothing when the notice is not showing', async () => {
    await closeRewardNotice(cacheWith({ notice: notice('42', 'N') }));
    await closeRewardNotice(cacheWith({ notice: null }));
    await closeRewardNotice(new QueryClient());
    expect(callApi).not.toHaveBeenCalled();
  });
});

describe('markBadgesSeen (issue 26: the server answers a new badge once)', () => {
  afterEach(() => callApi.mockReset());

  it("keeps the report's answer for the next greeting and never refetches the new badges behind it", async () => {
    const queryClient = new QueryClient();
    const newBadgesKey = newBadgesQueryOptions().queryKey;
    const earnedSince = { badges: [{ badgeId: '9' }] };
    queryClient.setQueryData(newBadgesKey, { badges: [{ badgeId: '3' }] } as never);
    queryClient.setQueryData(rewardKey('activity'), { streak: 1 });
    callApi.mockResolvedValueOnce(earnedSince);
    await markBadgesSeen(queryClient, ['3']);
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(callApi.mock.calls[0]![1]).toEqual({ seen: ['3'] });
    expect(queryClient.getQueryData(newBadgesKey)).toEqual(earnedSince);
    expect(queryClient.getQueryState(newBadgesKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(rewardKey('activity'))?.isInvalidated).toBe(true);
  });
});
