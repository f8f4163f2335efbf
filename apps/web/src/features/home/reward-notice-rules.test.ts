import { describe, expect, it } from 'vitest';
import { rewardNoticeShown } from './reward-notice-rules.ts';

const notice = (rewardNoticeDisplayYn: 'Y' | 'N') => ({ teamMbrId: '42', rewardNoticeDisplayYn });

describe('whether /home draws the reward notice', () => {
  it("follows the server's flag until the store has taken the notice (its first render)", () => {
    const untaken = { teamMbrId: null, rewardNoticeDisplayYn: 'N' as const };
    expect(rewardNoticeShown(notice('Y'), untaken)).toBe(true);
    expect(rewardNoticeShown(notice('N'), untaken)).toBe(false);
    // Another member's notice kept from before is not this one.
    expect(rewardNoticeShown(notice('Y'), { teamMbrId: '7', rewardNoticeDisplayYn: 'N' })).toBe(true);
  });

  it('follows the store once it has taken the notice: a close on this tab hides it at once', () => {
    expect(rewardNoticeShown(notice('Y'), { teamMbrId: '42', rewardNoticeDisplayYn: 'N' })).toBe(false);
    expect(rewardNoticeShown(notice('Y'), { teamMbrId: '42', rewardNoticeDisplayYn: 'Y' })).toBe(true);
  });

  it('draws nothing without a notice', () => {
    expect(rewardNoticeShown(null, { teamMbrId: '42', rewardNoticeDisplayYn: 'Y' })).toBe(false);
  });
});
