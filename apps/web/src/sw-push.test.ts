import { describe, expect, it } from 'vitest';
import { deepLink, readPush } from './sw-push.ts';

describe("the worker's push handling (decision 047)", () => {
  it('reads the server payload, and nothing else', () => {
    expect(
      readPush(
        JSON.stringify({ kind: 'daily', title: 't', body: 'b', url: '/home', tag: 'daily:2026-11-26' }),
      ),
    ).toEqual({ kind: 'daily', title: 't', body: 'b', url: '/home', tag: 'daily:2026-11-26' });
    expect(readPush(null)).toBeNull();
    expect(readPush('not json')).toBeNull();
    expect(readPush(JSON.stringify({ title: 't' }))).toBeNull();
  });

  it('opens only app paths of its own origin', () => {
    const origin = 'https://hamkke.kr';
    expect(deepLink('/active', origin)).toBe('https://hamkke.kr/active');
    expect(deepLink('/team?tab=invited', origin)).toBe('https://hamkke.kr/team?tab=invited');
    expect(deepLink('https://evil.example/x', origin)).toBe('https://hamkke.kr/home');
    expect(deepLink('//evil.example/x', origin)).toBe('https://hamkke.kr/home');
    expect(deepLink(undefined, origin)).toBe('https://hamkke.kr/home');
  });
});
