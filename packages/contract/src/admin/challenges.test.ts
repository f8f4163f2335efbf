import { describe, expect, it } from 'vitest';
import { roundStateSchema } from '../challenge/round.ts';
import { isoDaySchema } from '../dates.ts';
import { challengeTypeSchema, proofTypeSchema } from '../mission/mission.ts';
import {
  adminChallengeTypeSchema,
  adminProofTypeSchema,
  adminRoundStateSchema,
  roundFieldsSchema,
} from './challenges.ts';

describe("the console's challenge contract", () => {
  it('spells the enums exactly as the app contract does', () => {
    expect(adminChallengeTypeSchema.options).toEqual(challengeTypeSchema.options);
    expect(adminProofTypeSchema.options).toEqual(proofTypeSchema.options);
    expect(adminRoundStateSchema.options).toEqual(roundStateSchema.options);
  });

  it('names every period out of order by its field', () => {
    const round = {
      title: '1기',
      recruitStart: '2026-12-10',
      recruitEnd: '2026-12-01',
      startDate: '2026-11-30',
      endDate: '2026-11-20',
      maxUser: 5,
    };
    const result = roundFieldsSchema.safeParse(round);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'recruitEnd',
      'startDate',
      'endDate',
    ]);
    const fine = roundFieldsSchema.safeParse({
      ...round,
      recruitEnd: '2026-12-12',
      startDate: '2026-12-13',
      endDate: null,
    });
    expect(fine.success).toBe(true);
  });
});

describe('the console day', () => {
  it('takes real calendar days only, as the app contract does', () => {
    const days = [
      '2026-02-28',
      '2026-02-29',
      '2028-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-1-05',
      '2026-12-31',
    ];
    const base = {
      title: '1기',
      recruitEnd: '2030-01-01',
      startDate: '2030-01-02',
      endDate: null,
      maxUser: 5,
    };
    const console = days.map((day) => roundFieldsSchema.safeParse({ ...base, recruitStart: day }).success);
    expect(console).toEqual(days.map((day) => isoDaySchema.safeParse(day).success));
    expect(console).toEqual([true, false, true, false, false, false, true]);
  });
});
