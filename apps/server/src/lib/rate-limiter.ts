import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';

/**
 * Where limit counters live: counts in fixed windows, by key. In this process's memory for one
 * server; in Redis (`REDIS_URL`, redis-counter-store.ts) so that several servers share them. Every
 * change is one atomic step, so parallel requests cannot all pass a check before any counts.
 */
export interface CounterStore {
  /**
   * Adds `by` to the key's count and answers the new count. A key without a count starts at 0 and
   * lives `windowMs` from then; adding never moves that end. A negative `by` on a key without a
   * count changes nothing and answers 0.
   */
  add(key: string, by: number, windowMs: number): Promise<number>;
  /** The key's count in its window; 0 when it has none. */
  get(key: string): Promise<number>;
  delete(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
  /** A store elsewhere (Redis) answers when reachable: the readiness check asks it. */
  ping?(): Promise<void>;
}

/** Counters in this process's memory: one server instance (tests, a single-server setup). */
export function createMemoryCounterStore(clock: Clock): CounterStore {
  const entries = new Map<string, { count: number; endsAt: number }>();

  function live(key: string, now: number) {
    const entry = entries.get(key);
    if (entry && entry.endsAt > now) return entry;
    if (entry) entries.delete(key);
    return undefined;
  }

  function sweep(now: number) {
    if (entries.size < 10_000) return;
    for (const [key, entry] of entries) if (entry.endsAt <= now) entries.delete(key);
  }

  return {
    async add(key, by, windowMs) {
      const now = clock().getTime();
      const entry = live(key, now);
      if (entry) {
        entry.count += by;
        return entry.count;
      }
      if (by <= 0) return 0;
      sweep(now);
      entries.set(key, { count: by, endsAt: now + windowMs });
      return by;
    },
    async get(key) {
      return live(key, clock().getTime())?.count ?? 0;
    },
    async delete(keys) {
      for (const key of keys) entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

export interface LimitRule {
  /** Names the limit's keys in a shared store; unique per limit. */
  name: string;
  /** Uses (or failures) allowed within one window. */
  limit: number;
  windowMs: number;
}

/** 429, naming the limit that refused (the metrics count refusals by it). */
function refuse(limiter: string): never {
  const error = new AppError('RATE_LIMITED', 'Too many attempts; try again later');
  error.limiter = limiter;
  throw error;
}

/** One limit: at most `limit` counted uses per key in a fixed window, then 429 until the window ends. */
export function createRateLimiter(store: CounterStore, rule: LimitRule) {
  const keyOf = (key: string) => `${rule.name}:${key}`;

  /** Counts one use, or refuses it with 429 (uncounted) once the window's allowance is spent. */
  async function consume(key: string): Promise<void> {
    const count = await store.add(keyOf(key), 1, rule.windowMs);
    if (count > rule.limit) {
      await store.add(keyOf(key), -1, rule.windowMs);
      refuse(rule.name);
    }
  }

  return {
    rule,
    consume,
    /** Counts an attempt as a failure until its `succeeded` gives the count back (see beginAttempt). */
    async begin(key: string): Promise<CountedAttempt> {
      await consume(key);
      return {
        succeeded: async () => {
          await store.add(keyOf(key), -1, rule.windowMs);
        },
      };
    },
    /** 429 when the key has spent its allowance; counts nothing. */
    async assertAllowed(key: string): Promise<void> {
      if ((await store.get(keyOf(key))) >= rule.limit) refuse(rule.name);
    },
    async recordFailure(key: string): Promise<void> {
      await store.add(keyOf(key), 1, rule.windowMs);
    },
    async reset(key: string): Promise<void> {
      await store.delete([keyOf(key)]);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** An attempt already counted as a failure against its limits; `succeeded` gives the counts back. */
export interface CountedAttempt {
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt against each limit before it is made (429 when any is spent), so that parallel
 * attempts cannot all pass the check before the first failure is recorded. A failed attempt stays
 * counted; the caller calls `succeeded` when it turned out well.
 */
export async function beginAttempt(
  limits: readonly (() => Promise<CountedAttempt>)[],
): Promise<CountedAttempt> {
  const counted: CountedAttempt[] = [];
  const giveBack = async () => {
    await Promise.all(counted.map((attempt) => attempt.succeeded()));
  };
  try {
    for (const begin of limits) counted.push(await begin());
  } catch (error) {
    await giveBack();
    throw error;
  }
  return { succeeded: giveBack };
}

/**
 * Brute-force limits of security.md: failures per person-or-id and address (tight), and per address
 * alone (looser, so one address cannot sweep many ids).
 */
export interface FailureLimits {
  perIdentity: RateLimiter;
  perAddress: RateLimiter;
}

export function beginLimitedAttempt(
  limits: FailureLimits,
  identityKey: string,
  address: string,
): Promise<CountedAttempt> {
  return beginAttempt([
    () => limits.perIdentity.begin(`${identityKey}@${address}`),
    () => limits.perAddress.begin(address),
  ]);
}

export interface AccountLockRule {
  name: string;
  /** Attempts before the waits begin, within `windowMs`. */
  freeAttempts: number;
  /** The first wait; each failure after it doubles the next one, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  windowMs: number;
}

/**
 * Failures per account from any address, so neither rotating addresses nor hiding among others
 * behind one address gets more guesses. The first attempts are free; from then on each attempt
 * waits for the one before it by a delay that doubles with each failure. A success, or the owner's
 * new password (`lift`), clears it.
 */
export function createAccountLock(store: CounterStore, rule: AccountLockRule) {
  const countKey = (account: string) => `${rule.name}:n:${account}`;
  const gateKey = (account: string) => `${rule.name}:gate:${account}`;
  return {
    rule,
    async begin(account: string): Promise<CountedAttempt> {
      const attempt = await store.add(countKey(account), 1, rule.windowMs);
      if (attempt >= rule.freeAttempts) {
        const wait = Math.min(rule.firstWaitMs * 2 ** (attempt - rule.freeAttempts), rule.maxWaitMs);
        // One attempt per wait: the first to open the gate goes; the gate stays shut for `wait`.
        if ((await store.add(gateKey(account), 1, wait)) > 1) {
          await store.add(countKey(account), -1, rule.windowMs);
          refuse(rule.name);
        }
      }
      return { succeeded: () => store.delete([countKey(account), gateKey(account)]) };
    },
    /** Clears the account's failures and wait (its parent set a new password). */
    async lift(account: string): Promise<void> {
      await store.delete([countKey(account), gateKey(account)]);
    },
  };
}
export type AccountLock = ReturnType<typeof createAccountLock>;
