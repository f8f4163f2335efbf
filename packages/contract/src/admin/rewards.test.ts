import { describe, expect, it } from 'vitest';
import { rewardKindSchema, rewardStatusSchema, rewardUnitSchema } from '../reward/rewards.ts';
import { adminRewardKindSchema, adminRewardStatusSchema, adminRewardUnitSchema } from './rewards.ts';

describe("the console's reward enums", () => {
  it('are spelled exactly as the app contract spells them', () => {
    expect(adminRewardKindSchema.options).toEqual(rewardKindSchema.options);
    expect(adminRewardStatusSchema.options).toEqual(rewardStatusSchema.options);
    expect(adminRewardUnitSchema.options).toEqual(rewardUnitSchema.options);
  });
});
