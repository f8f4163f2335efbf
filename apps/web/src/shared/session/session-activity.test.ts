import { describe, expect, it } from 'vitest';
import { shouldExtendOnActivity } from './session-activity.ts';

describe('shouldExtendOnActivity (issue 25)', () => {
  const min = 60_000;
  it('lets activity extend a live session at most once every five minutes', () => {
    expect(shouldExtendOnActivity(60 * min)).toBe(false);
    expect(shouldExtendOnActivity(56 * min)).toBe(false);
    expect(shouldExtendOnActivity(54 * min)).toBe(true);
    expect(shouldExtendOnActivity(30_000)).toBe(true);
    expect(shouldExtendOnActivity(0)).toBe(false);
  });
});
