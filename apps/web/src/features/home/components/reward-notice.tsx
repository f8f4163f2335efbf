import { useQuery } from '@tanstack/react-query';
import { preloadable } from '@/shared/lib/preloadable.ts';
import { rewardNoticeQueryOptions } from '@/shared/api/rewards.ts';

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
 * The reward notice of spec §4 on /home: a closed round's results, shown while the notice's
 * `rewardNoticeDisplayYn` is Y (a close on this tab sets it N in the cached answer at once). /home
 * holds its skeleton until the card's code is there when there is a notice.
 */
export function RewardNotice() {
  const notice = useQuery(rewardNoticeQueryOptions()).data?.notice;
  if (notice?.rewardNoticeDisplayYn !== 'Y') return null;
  return <RewardNoticeCard notice={notice} />;
}
