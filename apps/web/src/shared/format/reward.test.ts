import { describe, expect, it } from 'vitest';
import {
  formatRewardAmount,
  formatRewardState,
  formatRewardTotal,
  percentOfRate,
  rankChangeOf,
} from './reward.ts';

describe('reward words', () => {
  it('words each unit', () => {
    expect(formatRewardAmount({ unit: 'POINT', amount: 5000, itemName: '' })).toBe('5,000포인트');
    expect(formatRewardAmount({ unit: 'MB', amount: 1000, itemName: '' })).toBe('1,000MB');
    expect(formatRewardAmount({ unit: 'GIFT', amount: 1, itemName: '건강 간식 세트' })).toBe(
      '건강 간식 세트',
    );
    expect(formatRewardAmount({ unit: 'GIFT', amount: 2, itemName: '쿠폰' })).toBe('쿠폰 2개');
    expect(formatRewardAmount({ unit: 'BADGE', amount: 1, itemName: '1기 완주' })).toBe('배지 · 1기 완주');
    expect(formatRewardTotal({ unit: 'POINT', amount: 12000, count: 3 })).toBe('12,000포인트');
    expect(formatRewardTotal({ unit: 'BADGE', amount: 3, count: 3 })).toBe('3');
  });

  it('says where a reward stands, with the Seoul day it was paid', () => {
    expect(formatRewardState({ status: 'PENDING', settledAt: null })).toBe('지급 대기');
    // 15:30 UTC on Dec 2 is Dec 3 in Seoul.
    expect(formatRewardState({ status: 'PAID', settledAt: '2026-12-02T15:30:00.000Z' })).toBe(
      '지급 완료 · 12월 3일 (목)',
    );
    expect(formatRewardState({ status: 'CANCELLED', settledAt: '2026-12-02T15:30:00.000Z' })).toBe('취소');
  });

  it('rounds a rate down to a whole percent', () => {
    expect(percentOfRate(0.8)).toBe(80);
    expect(percentOfRate(0.799)).toBe(79);
    expect(percentOfRate(0.873)).toBe(87);
    expect(percentOfRate(1)).toBe(100);
  });

  it("shows today's change with a label", () => {
    expect(rankChangeOf(2)).toEqual({ symbol: '▲2', label: '오늘 2계단 올랐어요', direction: 'up' });
    expect(rankChangeOf(-1)).toMatchObject({ symbol: '▼1', direction: 'down' });
    expect(rankChangeOf(0)).toMatchObject({ symbol: '–', direction: 'same' });
  });
});
