import type { YesNo } from '@/shared/stores/ui-store.ts';

/**
 * Whether /home draws a closed round's reward notice. The tab's store follows the server's notice
 * (its member and flag) once it has taken it, and a close on this tab sets its flag first; until the
 * store has taken this notice, the server's flag decides. Waiting for the store drew the card a frame
 * after today's missions, pushing them down (Lighthouse: a layout shift of 0.38 on a first visit).
 */
export function rewardNoticeShown(
  notice: { teamMbrId: string; rewardNoticeDisplayYn: YesNo } | null,
  store: { teamMbrId: string | null; rewardNoticeDisplayYn: YesNo },
): boolean {
  if (!notice) return false;
  const flag =
    store.teamMbrId === notice.teamMbrId ? store.rewardNoticeDisplayYn : notice.rewardNoticeDisplayYn;
  return flag === 'Y';
}
