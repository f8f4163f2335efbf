import { useQuery } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { rewardNoticeQueryOptions } from '@/shared/api/rewards.ts';
import { useUiStore } from '@/shared/stores/ui-store.ts';

/**
 * The card (and the reward texts) is not part of /home's first load: few people have a notice on a
 * given day. /home starts loading it beside its first calls, so for those who do, it is there when
 * the notice is.
 */
export const loadRewardNoticeCard = () => import('./reward-notice-card.tsx');
const RewardNoticeCard = lazy(async () => ({ default: (await loadRewardNoticeCard()).RewardNoticeCard }));

/**
 * The reward notice of spec §4 on /home: a closed round's results, shown while
 * `rewardNoticeDisplayYn` is Y. Keeps the store's team navigation and display flag in step with the
 * server's notice. The card's code suspends the first time it shows (the page holds its skeleton).
 */
export function RewardNotice() {
  const notice = useQuery(rewardNoticeQueryOptions()).data?.notice ?? null;
  const display = useUiStore((state) => state.rewardNoticeDisplayYn);
  const teamMbrId = useUiStore((state) => state.teamMbrId);

  useEffect(() => {
    const { setTeamNav, setRewardNoticeDisplayYn } = useUiStore.getState();
    if (notice) {
      setTeamNav({ teamId: notice.teamId, teamMbrId: notice.teamMbrId });
      setRewardNoticeDisplayYn(notice.rewardNoticeDisplayYn);
    } else {
      setRewardNoticeDisplayYn('N');
    }
  }, [notice]);

  if (!notice || display !== 'Y' || teamMbrId !== notice.teamMbrId) return null;
  return <RewardNoticeCard notice={notice} />;
}
