import type { TimelineItem } from '@hamkke/contract/user/timeline';
import { describe, expect, it } from 'vitest';
import { describeTimelineItem } from './timeline-text.ts';

describe('timeline sentences', () => {
  it("reads a team's medal and the person's own medal of one round differently", () => {
    const medal = (scope: 'TEAM' | 'MEMBER', id: number): TimelineItem => ({
      kind: 'MEDAL',
      itemId: `MEDAL:${id}`,
      occurredAt: '2026-11-12T15:10:00.000Z',
      day: '2026-11-13',
      medal: 'GOLD',
      scope,
      rank: 1,
      teamName: '1기 완주 가족단',
    });
    const team = describeTimelineItem(medal('TEAM', 1));
    const own = describeTimelineItem(medal('MEMBER', 2));
    expect(team.text).not.toBe(own.text);
    expect(team.text).toBe('1기 완주 가족단에서 팀 금메달을 받았어요');
    expect(own.text).toBe('1기 완주 가족단에서 개인 금메달을 받았어요');
  });
});
