import { describe, expect, it } from 'vitest';
import { shouldExtendSession } from './session-rules.ts';

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
