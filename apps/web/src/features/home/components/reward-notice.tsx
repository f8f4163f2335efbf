import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { preloadable } from '@/shared/lib/preloadable.ts';
import { rewardNoticeQueryOptions } from '@/shared/api/rewards.ts';
import { useUiStore } from '@/shared/stores/ui-store.ts';
import { rewardNoticeShown } from '../reward-notice-rules.ts';

/**
 * The card (and the reward texts) is not part of /home's first load: few people have a notice on a
 * given day. /home starts loading it beside its first calls, so for those who do, it is there when
 * the notice is.
 */
const RewardNoticeCard = preloadable(() => import('./reward-notice-card.tsx'), 'RewardNoticeCard');
export const loadRewardNoticeCard = RewardNoticeCard.preload;
/** Whether the card's code is there, so the card draws at once (never behind a fallback). */
export const rewardNoticeCardLoaded = RewardNoticeCard.isLoaded;

/**
 * The reward notice of spec §4 on /home: a closed round's results, shown while
 * `rewardNoticeDisplayYn` is Y. Keeps the store's team navigation and display flag in step with the
 * server's notice. /home holds its skeleton until the card's code is there when there is a notice.
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

  if (!notice || !rewardNoticeShown(notice, { teamMbrId, rewardNoticeDisplayYn: display })) return null;
  return <RewardNoticeCard notice={notice} />;
}
