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
  /** Connection trouble, for the log. */
  onError?: (error: Error) => void;
  /**
   * Where counts go while Redis is away (decision 044): this server's own memory, so every limit
   * still holds per server. Without one, the limited calls answer 503 rather than go unlimited.
   */
  fallback?: CounterStore;
  /** Told once when counting moves to the fallback (`true`) and once when it is back on Redis. */
  onFallback?: (active: boolean) => void;
}

/**
 * Limit counters in Redis, shared by every server that points at it. Windows end by Redis's own
 * key expiry. While Redis cannot be reached, counts go to `fallback` at once (a call never waits
 * for a reconnection); they go back to Redis as soon as it answers again, without a restart.
 */
/** ioredis's states of a connection that is up or still being made for the first time. */
const STARTING_OR_READY = new Set(['wait', 'connecting', 'connect', 'ready']);

export function createRedisCounterStore(options: RedisCounterStoreOptions): CounterStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Fail a call quickly while Redis is away instead of holding the request.
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    enableOfflineQueue: true,
    // Keep trying to come back, at most every second.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  redis.on('error', (error: Error) => options.onError?.(error));
  const { fallback } = options;
  let onFallback = false;
  const note = (active: boolean) => {
    if (active === onFallback) return;
    onFallback = active;
    options.onFallback?.(active);
  };

  async function run<T>(call: () => Promise<T>, instead: (store: CounterStore) => Promise<T>): Promise<T> {
    // Still connecting at start (wait → connecting → connect → ready): let the call wait in ioredis's
    // queue; away after being up (reconnecting, end): fall back.
    if (fallback && !STARTING_OR_READY.has(redis.status)) {
      note(true);
      return instead(fallback);
    }
    try {
      const answer = await call();
      note(false);
      return answer;
    } catch (error) {
      options.onError?.(error as Error);
      if (fallback) {
        note(true);
        return instead(fallback);
      }
      throw new AppError('SERVICE_UNAVAILABLE', 'The limit store is unavailable');
    }
  }

  return {
    add: (key, by, windowMs) =>
      run(
        async () =>
          Number(await redis.eval(ADD_SCRIPT, 1, key, String(by), String(Math.max(1, Math.ceil(windowMs))))),
        (store) => store.add(key, by, windowMs),
      ),
    get: (key) =>
      run(
        async () => Number((await redis.get(key)) ?? 0),
        (store) => store.get(key),
      ),
    delete: (keys) =>
      run(
        async () => {
          if (keys.length > 0) await redis.del(...keys);
        },
        (store) => store.delete(keys),
      ),
    async ping() {
      await redis.ping();
    },
    async close() {
      await fallback?.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
