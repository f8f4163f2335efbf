import { Redis } from 'ioredis';
import { AppError } from './app-error.ts';
import type { CounterStore } from './rate-limiter.ts';

/**
 * Adds to a counter and starts its window when it is new, in one step on the server (a script runs
 * atomically), so parallel requests on several app servers each see their own count.
 */
const ADD_SCRIPT = `
local by = tonumber(ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 0 then
  if by <= 0 then return 0 end
  redis.call('SET', KEYS[1], by, 'PX', ARGV[2])
  return by
end
return redis.call('INCRBY', KEYS[1], by)
`;

export interface RedisCounterStoreOptions {
  url: string;
  /** Put before every key, so that several apps (or test runs) can share one Redis. */
  keyPrefix: string;
  /** Connection trouble, for the log; requests meanwhile fail with 503. */
  onError?: (error: Error) => void;
}

/**
 * Limit counters in Redis, shared by every server that points at it. Windows end by Redis's own
 * key expiry. When Redis cannot be reached the limited calls answer 503 rather than go unlimited.
 */
export function createRedisCounterStore(options: RedisCounterStoreOptions): CounterStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Fail a call quickly while Redis is away instead of holding the request.
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    enableOfflineQueue: true,
  });
  redis.on('error', (error: Error) => options.onError?.(error));

  async function run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      options.onError?.(error as Error);
      throw new AppError('SERVICE_UNAVAILABLE', 'The limit store is unavailable');
    }
  }

  return {
    add: (key, by, windowMs) =>
      run(async () =>
        Number(await redis.eval(ADD_SCRIPT, 1, key, String(by), String(Math.max(1, Math.ceil(windowMs))))),
      ),
    get: (key) => run(async () => Number((await redis.get(key)) ?? 0)),
    delete: (keys) =>
      run(async () => {
        if (keys.length > 0) await redis.del(...keys);
      }),
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
