import { AppError } from './app-error.ts';
import type { Clock } from './clock.ts';

export interface RateLimiterOptions {
  /** Failures allowed within the window before the key is blocked. */
  maxFailures: number;
  windowMs: number;
  clock: Clock;
}

/**
 * Counts failures per key in a fixed window, in this process's memory (one server instance; a shared
 * store such as Redis is the step for several). A blocked key gets 429 until its window ends.
 */
export function createRateLimiter(options: RateLimiterOptions) {
  const windows = new Map<string, { startedAt: number; failures: number }>();

  function current(key: string) {
    const now = options.clock().getTime();
    const entry = windows.get(key);
    if (entry && now - entry.startedAt < options.windowMs) return entry;
    if (entry) windows.delete(key);
    return undefined;
  }

  function sweep() {
    if (windows.size < 10_000) return;
    const now = options.clock().getTime();
    for (const [key, entry] of windows) if (now - entry.startedAt >= options.windowMs) windows.delete(key);
  }

  return {
    /** Throws RATE_LIMITED when any of the keys has used up its failures. */
    assertAllowed(...keys: string[]): void {
      for (const key of keys) {
        const entry = current(key);
        if (entry && entry.failures >= options.maxFailures) {
          throw new AppError('RATE_LIMITED', 'Too many failed attempts; try again later');
        }
      }
    },
    recordFailure(...keys: string[]): void {
      sweep();
      for (const key of keys) {
        const entry = current(key);
        if (entry) entry.failures += 1;
        else windows.set(key, { startedAt: options.clock().getTime(), failures: 1 });
      }
    },
    /** Counts one use and refuses it once the window's allowance is spent (for plain request limits). */
    consume(key: string): void {
      this.assertAllowed(key);
      this.recordFailure(key);
    },
    reset(...keys: string[]): void {
      for (const key of keys) windows.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Brute-force limits of security.md: failures per person-or-id and address (tight), and per address
 * alone (looser, so one address cannot sweep many ids).
 */
export interface FailureLimits {
  perIdentity: RateLimiter;
  perAddress: RateLimiter;
}

export function assertWithinLimits(limits: FailureLimits, identityKey: string, address: string): void {
  limits.perIdentity.assertAllowed(`${identityKey}@${address}`);
  limits.perAddress.assertAllowed(address);
}

export function recordLimitedFailure(limits: FailureLimits, identityKey: string, address: string): void {
  limits.perIdentity.recordFailure(`${identityKey}@${address}`);
  limits.perAddress.recordFailure(address);
}
