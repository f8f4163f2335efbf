import { describe, expect, it } from 'vitest';
import { epochDay, firstScoringDay, memberWindow, possibleOf, rankMembers } from './team-view.ts';
import type { MemberRow } from './teams.repository.ts';

function member(id: number, alias: string): MemberRow {
  return {
    id,
    user_id: id,
    family_user_id: id,
    role: 'MEMBER',
    joined_at: `2026-11-01T00:00:0${id}.000Z`,
    reward_notice_display_yn: 'N',
    cert_count: 0,
    last_cert_at: null,
    alias,
    user_type: 'PARENT',
  };
}

const members = [member(1, '가'), member(2, '나'), member(3, '다'), member(4, '라')];
const rank = (
  scores: Record<number, [number, string | null]>,
  today: Record<number, number> = {},
  frozen?: Map<number, number>,
) =>
  rankMembers(
    members,
    new Map(Object.entries(scores).map(([id, [count, lastAt]]) => [Number(id), { count, lastAt }])),
    new Map(Object.entries(today).map(([id, count]) => [Number(id), count])),
    { meId: 1, todayMissionCount: 3, ...(frozen ? { frozen } : {}) },
  ).map((entry) => [entry.alias, entry.rank, entry.rankChange, entry.medal]);

describe('member ranking', () => {
  it('ranks by certifications; equal counts share a place, listed by who reached the count first', () => {
    expect(
      rank({
        1: [3, '2026-11-05T01:00:00Z'],
        2: [3, '2026-11-04T01:00:00Z'],
        3: [5, '2026-11-06T01:00:00Z'],
      }),
    ).toEqual([
      ['다', 1, 0, null],
      ['나', 2, 0, null],
      ['가', 2, 0, null],
      ['라', 4, 0, null],
    ]);
  });

  it('lets equal counts share a place (1, 1, 3), whenever each was reached', () => {
    const same = '2026-11-05T01:00:00Z';
    expect(rank({ 1: [2, same], 2: [2, same], 3: [1, same] }).map((row) => row[1])).toEqual([1, 1, 3, 4]);
    expect(
      rank({ 1: [2, '2026-11-05T01:00:00Z'], 2: [2, '2026-11-06T01:00:00Z'], 3: [1, same] }).map(
        (row) => row[1],
      ),
    ).toEqual([1, 1, 3, 4]);
    // Nobody certified: everyone shares the first place.
    expect(rank({}).map((row) => row[1])).toEqual([1, 1, 1, 1]);
  });

  it("shows today's change against the places before today", () => {
    // Before today: 나 2, 가 1 → 나 first. Today 가 made 2: 가 3 now leads, 나 falls one place.
    const rows = rank({ 1: [3, '2026-11-20T01:00:00Z'], 2: [2, '2026-11-19T01:00:00Z'] }, { 1: 2 });
    expect(rows.slice(0, 2)).toEqual([
      ['가', 1, 1, null],
      ['나', 2, -1, null],
    ]);
  });

  it('answers frozen places with medals for a closed round', () => {
    const frozen = new Map([
      [4, 1],
      [3, 2],
      [2, 3],
      [1, 4],
    ]);
    expect(rank({ 1: [9, null] }, {}, frozen)).toEqual([
      ['라', 1, 0, 'GOLD'],
      ['다', 2, 0, 'SILVER'],
      ['나', 3, 0, 'BRONZE'],
      ['가', 4, 0, null],
    ]);
  });
});

describe('what a team could have certified', () => {
  const always = { challenge_type: 'always' as const, start_date: '2026-01-01', end_date: null };
  const challenge = {
    challenge_type: 'challenge' as const,
    start_date: '2026-11-01',
    end_date: '2026-11-21',
  };

  it('counts an always member only from the Seoul day they joined', () => {
    // Joined 11-18 at 23:30 Seoul (14:30 UTC): counting starts on the 18th; today is the 20th.
    expect(memberWindow(always, '2026-11-18T14:30:00.000Z', '2026-11-20')).toMatchObject({ days: 3 });
    // Joined at 00:30 Seoul on the 19th (15:30 UTC on the 18th): starts on the 19th.
    expect(memberWindow(always, '2026-11-18T15:30:00.000Z', '2026-11-20')).toMatchObject({ days: 2 });
    // Two missions; one member since the 10th (11 days), one joined late on the 19th (2 days).
    expect(possibleOf(always, ['2026-11-10T00:00:00Z', '2026-11-19T00:00:00Z'], 2, '2026-11-20')).toBe(26);
  });

  it('counts a challenge round from its start to its end, whenever the member joined', () => {
    expect(possibleOf(challenge, ['2026-10-20T00:00:00Z', '2026-10-30T00:00:00Z'], 3, '2026-12-01')).toBe(
      2 * 21 * 3,
    );
    expect(possibleOf(challenge, ['2026-10-20T00:00:00Z'], 3, '2026-10-25')).toBe(0);
  });

  it('keeps Σ first days equal to what the per-member windows give', () => {
    const joins = ['2026-11-10T00:00:00Z', '2026-11-19T00:00:00Z', '2025-12-01T00:00:00Z'];
    const base = joins.reduce(
      (sum, at) => sum + epochDay(firstScoringDay('always', always.start_date, at)),
      0,
    );
    const today = epochDay('2026-11-20');
    expect(2 * (joins.length * (today + 1) - base)).toBe(possibleOf(always, joins, 2, '2026-11-20'));
  });
});
