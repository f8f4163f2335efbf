import { afterAll, describe, expect, it } from 'vitest';
import { testRedisStores } from '../../../test/redis.ts';
import { createMemoryCounterStore, type CounterStore } from '../../lib/rate-limiter.ts';
import { createOperatorLock } from './operator-lock.ts';

const MINUTE = 60_000;
const rule = {
  name: 'oplock',
  freeFailures: 5,
  firstWaitMs: MINUTE,
  maxWaitMs: 60 * MINUTE,
  windowMs: 24 * 60 * MINUTE,
};
const redis = testRedisStores(2);
afterAll(() => redis.drop());

/** Decision 030's lock on each counter store: in memory (one server) and in Redis (two servers). */
describe.each([
  { name: 'memory', stores: () => [createMemoryCounterStore(() => new Date())] as CounterStore[] },
  { name: 'Redis, two servers', stores: () => redis.stores },
])('the operator sign-in lock in $name', ({ stores }) => {
  it('lets one parallel guess through per wait, says when the wait ends, and is lifted by unlock', async () => {
    const locks = stores().map((store) => createOperatorLock(store, () => new Date(), rule));
    const lockOn = (index: number) => locks[index % locks.length]!;
    for (let failure = 0; failure < 4; failure += 1) {
      expect((await lockOn(failure).begin('ops-x')).locksUntil).toBeUndefined();
    }
    // 20 guesses at once past the free ones: exactly one goes through and starts a wait (a minute,
    // or longer when guesses still in flight were counted before it).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => lockOn(index).begin('ops-x')),
    );
    const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(passed).toHaveLength(1);
    const until = (passed[0] as PromiseFulfilledResult<{ locksUntil: Date }>).value.locksUntil;
    expect(until.getTime() - Date.now()).toBeGreaterThan(55_000);
    // The longest wait, ended on the next whole second (the lock stores seconds).
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(60 * MINUTE + 1_000);
    for (const outcome of outcomes.filter((entry) => entry.status === 'rejected')) {
      const error = (outcome as PromiseRejectedResult).reason as { code: string; retryAfterSeconds: number };
      expect(error.code).toBe('RATE_LIMITED');
      // When it opens again, to the second (or the shortest wait, if asked before the opener wrote it).
      const toTheSecond = Math.abs(error.retryAfterSeconds - (until.getTime() - Date.now()) / 1000) <= 1.5;
      expect(toTheSecond || error.retryAfterSeconds === 60, String(error.retryAfterSeconds)).toBe(true);
    }
    const state = await lockOn(1).state('ops-x');
    expect(state.failures).toBe(5);
    expect(state.lockedUntil?.toISOString()).toBe(until.toISOString());

    await lockOn(1).unlock('ops-x');
    expect(await lockOn(0).state('ops-x')).toEqual({ failures: 0, lockedUntil: undefined });
    await lockOn(0).begin('ops-x');
  });
});
