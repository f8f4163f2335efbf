/**
 * Where the reward notice of spec §4 will show on /home while `rewardNoticeDisplayYn` is 'Y'. The
 * rewards feature fills it; until then it renders nothing.
 */
export function RewardNoticeSlot() {
  return null;
}
