import { describe, expect, it } from 'vitest';
import { timelineQueryOptions } from './activity.ts';

describe('the activity timeline query', () => {
  it('reads the activity timeline under `data` and pages on by its length (spec §7, decision 002)', () => {
    const item = {
      kind: 'BADGE',
      itemId: 'BADGE:1',
      occurredAt: 'x',
      day: '2026-11-26',
      badgeName: 'b',
      emoji: 'e',
    };
    const options = timelineQueryOptions();
    const next = options.getNextPageParam as (last: unknown, pages: unknown[]) => number | undefined;
    const first = { data: [item, item], hasMore: true };
    expect(next(first, [first])).toBe(2);
    expect(next({ data: [item], hasMore: false }, [first])).toBeUndefined();
  });
});
