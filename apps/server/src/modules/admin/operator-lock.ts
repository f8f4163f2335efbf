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
 * gate key holds the second the wait ends, so a refusal can say when to come back (Retry-After).
 */
export function createOperatorLock(store: CounterStore, clock: Clock, rule: OperatorLockRule) {
  const countKey = (loginId: string) => `${rule.name}:n:${loginId}`;
  const gateKey = (loginId: string) => `${rule.name}:gate:${loginId}`;

  function refuse(retryAfterSeconds: number): never {
    const error = new AppError('RATE_LIMITED', 'Too many failed sign-ins for this id; try again later');
    error.retryAfterSeconds = Math.max(1, retryAfterSeconds);
    throw error;
  }

  return {
    rule,
    async begin(loginId: string): Promise<LockedAttempt> {
      const failures = await store.add(countKey(loginId), 1, rule.windowMs);
      let locksUntil: Date | undefined;
      if (failures >= rule.freeFailures) {
        const now = clock().getTime();
        const wait = Math.min(rule.firstWaitMs * 2 ** (failures - rule.freeFailures), rule.maxWaitMs);
        const endsAt = Math.ceil((now + wait) / 1000);
        // One attempt per wait: the one that finds the gate open shuts it until `endsAt`.
        const gate = await store.add(gateKey(loginId), endsAt, wait);
        if (gate !== endsAt) {
          await store.add(gateKey(loginId), -endsAt, wait);
          await store.add(countKey(loginId), -1, rule.windowMs);
          refuse(gate - endsAt - Math.floor(now / 1000));
        }
        locksUntil = new Date(endsAt * 1000);
      }
      return {
        failures,
        locksUntil,
        succeeded: () => store.delete([countKey(loginId), gateKey(loginId)]),
      };
    },
    /** Until when the id waits (undefined: it may try now) and its failures in the window. */
    async state(loginId: string): Promise<{ failures: number; lockedUntil: Date | undefined }> {
      const [failures, gate] = await Promise.all([store.get(countKey(loginId)), store.get(gateKey(loginId))]);
      const lockedUntil = gate * 1000 > clock().getTime() ? new Date(gate * 1000) : undefined;
      return { failures, lockedUntil };
    },
    /** An admin lifts the lock: the failures and the wait are gone. */
    async unlock(loginId: string): Promise<void> {
      await store.delete([countKey(loginId), gateKey(loginId)]);
    },
  };
}
export type OperatorLock = ReturnType<typeof createOperatorLock>;
