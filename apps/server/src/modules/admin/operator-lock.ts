import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CounterStore } from '../../lib/rate-limiter.ts';

export interface OperatorLockRule {
  /** Names the lock's keys in the shared counter store. */
  name: string;
  /** Failures of one login id, from any address, before the waits begin (within `windowMs`). */
  freeFailures: number;
  /** The first wait; every further failure doubles the next one, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  windowMs: number;
}

/** An attempt counted as a failure of its login id until `succeeded`; `failures` counts it too. */
export interface LockedAttempt {
  failures: number;
  /** When this attempt fails, the id waits until then (undefined: still within the free failures). */
  locksUntil: Date | undefined;
  succeeded(): Promise<void>;
}

/**
 * Sign-in failures per operator login id from any address (decision 030): the first
 * `freeFailures` are free; from then on the id is locked, one attempt per wait, and each failure
 * doubles the wait up to `maxWaitMs`. A success clears it, and so does an admin (`unlock`). The
 * attempt that opens the gate writes the second the wait ends, so a refusal can say when to come
 * back (Retry-After) and the console can show it.
 */
export function createOperatorLock(store: CounterStore, clock: Clock, rule: OperatorLockRule) {
  const countKey = (loginId: string) => `${rule.name}:n:${loginId}`;
  const gateKey = (loginId: string) => `${rule.name}:gate:${loginId}`;
  const untilKey = (loginId: string) => `${rule.name}:until:${loginId}`;

  function refuse(retryAfterSeconds: number): never {
    const error = new AppError('RATE_LIMITED', 'Too many failed sign-ins for this id; try again later');
    error.retryAfterSeconds = Math.max(1, retryAfterSeconds);
    error.limiter = rule.name;
    throw error;
  }

  /** The second the id's wait ends (0: none), as its gate's opener wrote it. */
  async function waitEnd(loginId: string, nowSeconds: number): Promise<number> {
    const until = await store.get(untilKey(loginId));
    return until > nowSeconds ? until : 0;
  }

  return {
    rule,
    async begin(loginId: string): Promise<LockedAttempt> {
      const failures = await store.add(countKey(loginId), 1, rule.windowMs);
      let locksUntil: Date | undefined;
      if (failures >= rule.freeFailures) {
        const now = clock().getTime();
        const wait = Math.min(rule.firstWaitMs * 2 ** (failures - rule.freeFailures), rule.maxWaitMs);
        // One attempt per wait: the first to open the gate goes; the gate stays shut for `wait`.
        if ((await store.add(gateKey(loginId), 1, wait)) > 1) {
          await store.add(countKey(loginId), -1, rule.windowMs);
          const nowSeconds = Math.floor(now / 1000);
          const until = await waitEnd(loginId, nowSeconds);
          // The opener may not have written its end yet: then the shortest wait is the answer.
          refuse(until ? until - nowSeconds : Math.ceil(rule.firstWaitMs / 1000));
        }
        // Only the gate's opener writes when it opens again (for Retry-After and the console).
        const endsAt = Math.ceil((now + wait) / 1000);
        await store.delete([untilKey(loginId)]);
        await store.add(untilKey(loginId), endsAt, wait);
        locksUntil = new Date(endsAt * 1000);
      }
      return {
        failures,
        locksUntil,
        succeeded: () => store.delete([countKey(loginId), gateKey(loginId), untilKey(loginId)]),
      };
    },
    /** Until when the id waits (undefined: it may try now) and its failures in the window. */
    async state(loginId: string): Promise<{ failures: number; lockedUntil: Date | undefined }> {
      const now = clock().getTime();
      const [failures, until] = await Promise.all([
        store.get(countKey(loginId)),
        waitEnd(loginId, Math.floor(now / 1000)),
      ]);
      return { failures, lockedUntil: until && until * 1000 > now ? new Date(until * 1000) : undefined };
    },
    /** An admin lifts the lock: the failures and the wait are gone. */
    async unlock(loginId: string): Promise<void> {
      await store.delete([countKey(loginId), gateKey(loginId), untilKey(loginId)]);
    },
  };
}
export type OperatorLock = ReturnType<typeof createOperatorLock>;
