import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createRedisCounterStore } from '../src/lib/redis-counter-store.ts';
import type { CounterStore } from '../src/lib/rate-limiter.ts';

/** The Redis the tests use (CI and the dev machines run one on the default port). */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** A key prefix of its own for one test run, so runs side by side never see each other's counters. */
export function uniqueRedisPrefix(): string {
  return `hamkke-test:${randomBytes(6).toString('hex')}:`;
}

/** Counter stores on the test Redis sharing one fresh prefix (as several servers would); `drop` deletes its keys. */
export function testRedisStores(count = 1): {
  stores: CounterStore[];
  prefix: string;
  drop(): Promise<void>;
} {
  const prefix = uniqueRedisPrefix();
  const stores = Array.from({ length: count }, () =>
    createRedisCounterStore({ url: testRedisUrl(), keyPrefix: prefix }),
  );
  return {
    stores,
    prefix,
    async drop() {
      await Promise.all(stores.map((store) => store.close()));
      await dropRedisKeys(prefix);
    },
  };
}

/** Deletes every key under a prefix. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl());
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/** Keys under a prefix, without it. */
export async function redisKeys(prefix: string): Promise<string[]> {
  const redis = new Redis(testRedisUrl());
  try {
    return (await redis.keys(`${prefix}*`)).map((key) => key.slice(prefix.length)).sort();
  } finally {
    await redis.quit();
  }
}
