import { describe, expect, it } from 'vitest';
import { clockStartingAt, seoulToday, testClock } from './clock.ts';

/** A real clock the test moves by hand. */
function handClock(start: string) {
  let now = Date.parse(start);
  return { real: () => new Date(now), pass: (ms: number) => (now += ms) };
}

describe('the test clock (CLOCK_START)', () => {
  it('starts at its instant and runs on at the real pace', () => {
    const hand = handClock('2026-11-27T03:00:00Z');
    const clock = clockStartingAt(new Date('2026-11-27T23:58:30+09:00'), hand.real);
    expect(clock().toISOString()).toBe('2026-11-27T14:58:30.000Z');
    hand.pass(1500);
    expect(clock().toISOString()).toBe('2026-11-27T14:58:31.500Z');
  });

  it('moves on to the coming Seoul midnight on request, and runs on from there', () => {
    const hand = handClock('2026-11-27T03:00:00Z');
    const test = testClock(new Date('2026-11-27T23:58:30+09:00'), hand.real);
    expect(seoulToday(test.clock)).toBe('2026-11-27');
    expect(test.toSeoulMidnight().toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(test.clock().toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(seoulToday(test.clock)).toBe('2026-11-28');
    hand.pass(2000);
    expect(test.clock().toISOString()).toBe('2026-11-27T15:00:02.000Z');
    // Asked again, it goes to the next midnight: never back.
    expect(test.toSeoulMidnight().toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });
});
