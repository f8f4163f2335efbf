import { afterAll, describe, expect, it, vi } from 'vitest';
import { HANG_GUARD_MS } from '../../test/hang-guards.ts';
import { testRedisStores } from '../../test/redis.ts';
import { createAccountLock, createMemoryCounterStore, createRateLimiter } from './rate-limiter.ts';
import { createRedisCounterStore } from './redis-counter-store.ts';

describe('rate-limit counters in Redis (REDIS_URL)', () => {
  // Two stores on one prefix: two app servers sharing one Redis.
  const redis = testRedisStores(2);
  const [first, second] = redis.stores as [(typeof redis.stores)[0], (typeof redis.stores)[0]];
  afterAll(() => redis.drop());

  it('adds in windows that Redis ends, and ignores a negative add on a key without a count', async () => {
    expect(await first.add('window', -1, 10_000)).toBe(0);
    expect(await first.get('window')).toBe(0);
    expect(await first.add('window', 1, 300)).toBe(1);
    expect(await second.add('window', 1, 10_000)).toBe(2);
    expect(await first.get('window')).toBe(2);
    // The window is Redis's: the count goes when Redis ends it (waited for on the counter itself).
    await vi.waitFor(async () => expect(await first.get('window')).toBe(0), { timeout: HANG_GUARD_MS.poll });
    expect(await first.add('window', 1, 10_000)).toBe(1);
    await first.delete(['window']);
    expect(await second.get('window')).toBe(0);
  });

  it('counts parallel uses from two servers exactly, so a limit holds across them', async () => {
    const limiters = [first, second].map((store) =>
      createRateLimiter(store, { name: 'shared', limit: 10, windowMs: 60_000 }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) => limiters[index % 2]!.consume('one-address')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(30);
    expect(await first.get('shared:one-address')).toBe(10);
  });

  it('shares an account lock: failures on one server make the other wait, a lift on either clears it', async () => {
    const rule = { name: 'lock', freeAttempts: 2, firstWaitMs: 60_000, maxWaitMs: 60_000, windowMs: 60_000 };
    const [onFirst, onSecond] = [createAccountLock(first, rule), createAccountLock(second, rule)];
    await onFirst.begin('kid');
    await onSecond.begin('kid');
    await expect(onFirst.begin('kid')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(onSecond.begin('kid')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await onSecond.lift('kid');
    await (await onFirst.begin('kid')).succeeded();
  });
});

describe('rate-limit counters while Redis cannot be reached (decision 044)', () => {
  it('counts in the fallback at once, so a limit still holds, and answers 503 without one', async () => {
    const clock = () => new Date();
    const switches: boolean[] = [];
    const store = createRedisCounterStore({
      // Nothing listens on port 1.
      url: 'redis://127.0.0.1:1',
      keyPrefix: 'unreachable:',
      fallback: createMemoryCounterStore(clock),
      onFallback: (active) => switches.push(active),
    });
    const bare = createRedisCounterStore({ url: 'redis://127.0.0.1:1', keyPrefix: 'unreachable:' });
    try {
      const limiter = createRateLimiter(store, { name: 'away', limit: 3, windowMs: 60_000 });
      const started = Date.now();
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => limiter.consume('kid')));
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      // Refused at once (nothing listens on port 1), not retried on a timer: without the fallback the
      // limiter would wait out ioredis's retries. 5 s leaves a slow machine far more than five
      // in-process calls take even at load average 30.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(switches).toEqual([true]);
      await expect(bare.add('kid', 1, 60_000)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await store.close();
      await bare.close();
    }
  });
});
