import { describe, expect, it } from 'vitest';
import {
  beginAttempt,
  createAccountLock,
  createMemoryCounterStore,
  createRateLimiter,
} from './rate-limiter.ts';

const MINUTE = 60_000;

function clockAt(start: number) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('rate limits', () => {
  it('counts in fixed windows and never lets a negative add start a window', async () => {
    const clock = clockAt(0);
    const store = createMemoryCounterStore(clock.now);
    expect(await store.add('k', -1, MINUTE)).toBe(0);
    expect(await store.get('k')).toBe(0);
    expect(await store.add('k', 1, MINUTE)).toBe(1);
    clock.advance(MINUTE / 2);
    expect(await store.add('k', 1, MINUTE)).toBe(2);
    clock.advance(MINUTE / 2);
    expect(await store.get('k')).toBe(0);
  });

  it('counts parallel attempts before they are checked, and gives back the successful ones', async () => {
    const store = createMemoryCounterStore(clockAt(0).now);
    const limiter = createRateLimiter(store, { name: 'test', limit: 3, windowMs: MINUTE });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => beginAttempt([() => limiter.begin('id')])),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const [first] = outcomes as PromiseFulfilledResult<{ succeeded(): Promise<void> }>[];
    await first!.value.succeeded();
    expect(await store.get('test:id')).toBe(2);
  });

  it('lets the first attempts of an account through, then one per doubling wait, until lifted', async () => {
    const clock = clockAt(0);
    const store = createMemoryCounterStore(clock.now);
    const lock = createAccountLock(store, {
      name: 'lock',
      freeAttempts: 3,
      firstWaitMs: MINUTE,
      maxWaitMs: 4 * MINUTE,
      windowMs: 60 * MINUTE,
    });
    for (let attempt = 0; attempt < 3; attempt += 1) await lock.begin('kid');
    await expect(lock.begin('kid')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(MINUTE);
    await lock.begin('kid'); // the 4th, a minute after the 3rd; the next waits two
    clock.advance(MINUTE);
    await expect(lock.begin('kid')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(MINUTE);
    await lock.begin('kid');
    // Waiting again; the owner's new password lifts it.
    await expect(lock.begin('kid')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await lock.lift('kid');
    const attempt = await lock.begin('kid');
    await attempt.succeeded();
    expect(await store.get('lock:n:kid')).toBe(0);
  });
});
