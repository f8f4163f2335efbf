import { describe, expect, it } from 'vitest';
import { expiryWarningDue, nextWarningIn, shouldExtendSession } from './session-rules.ts';

describe('shouldExtendSession', () => {
  it.each([
    '/home',
    '/home/notice',
    '/challenge',
    '/challenge/history',
    '/team',
    '/team/create',
    '/my',
    '/my/faq',
  ])('extends on %s', (path) => {
    expect(shouldExtendSession(path)).toBe(true);
  });

  it('extends on shared pages', () => {
    expect(shouldExtendSession('/mission/shared/u/2026-11-20')).toBe(true);
  });

  it.each(['/', '/active', '/active/history', '/login/auth', '/terms', '/homes', '/mystery'])(
    'does not extend on %s',
    (path) => {
      expect(shouldExtendSession(path)).toBe(false);
    },
  );
});

describe('expiry warnings (issue 25)', () => {
  const min = 60_000;
  it.each([
    [60 * min, null],
    [5 * min + 1, null],
    [5 * min, 5],
    [2 * min, 5],
    [1 * min, 1],
    [1_000, 1],
    [0, null],
    [-1_000, null],
  ] as const)('with %i ms left the warning due is %s', (remaining, due) => {
    expect(expiryWarningDue(remaining)).toBe(due);
  });

  it('says when the next mark comes', () => {
    expect(nextWarningIn(60 * min)).toBe(55 * min);
    expect(nextWarningIn(3 * min)).toBe(2 * min);
    expect(nextWarningIn(30_000)).toBeNull();
    expect(nextWarningIn(0)).toBeNull();
  });
});
