import { describe, expect, it } from 'vitest';
import { badgeKindSchema } from '../user/badges.ts';
import { adminBadgeKindSchema } from './badge-rules.ts';

describe("the console's badge kinds", () => {
  it('are spelled exactly as the app contract spells them', () => {
    expect(adminBadgeKindSchema.options).toEqual(badgeKindSchema.options);
  });
});
