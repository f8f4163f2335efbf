import { describe, expect, it } from 'vitest';
import { DEFAULT_BADGE_RULES } from '../../db/seed/badge-rules.ts';
import { rulesReached } from './badges.service.ts';
import { reachesThreshold } from './reward-views.ts';

describe('badge rules', () => {
  it.each(DEFAULT_BADGE_RULES.map((rule) => [rule.name, rule] as const))(
    '%s is reached at its threshold and not one below',
    (_name, rule) => {
      const at = rulesReached(DEFAULT_BADGE_RULES, new Map([[rule.kind, rule.threshold]]));
      const below = rulesReached(DEFAULT_BADGE_RULES, new Map([[rule.kind, rule.threshold - 1]]));
      expect(at).toContain(rule);
      expect(below).not.toContain(rule);
      // Reaching one rule of a kind reaches every lower one of that kind, and no other kind.
      expect(at.every((reached) => reached.kind === rule.kind && reached.threshold <= rule.threshold)).toBe(
        true,
      );
    },
  );
});

describe('the reward threshold', () => {
  it('rewards at exactly the threshold and not a certification below', () => {
    expect(reachesThreshold(16, 20, 80)).toBe(true);
    expect(reachesThreshold(15, 20, 80)).toBe(false);
    // 80% of 63 possible is 50.4: 51 reaches it, 50 does not (integers, no rounding at the line).
    expect(reachesThreshold(51, 63, 80)).toBe(true);
    expect(reachesThreshold(50, 63, 80)).toBe(false);
    expect(reachesThreshold(0, 0, 80)).toBe(false);
  });
});
