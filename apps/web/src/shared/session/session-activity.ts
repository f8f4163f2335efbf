import { extendSession } from '../api/session.ts';
import { isLoggedIn, useSessionStore } from '../stores/session-store.ts';

const MINUTE_MS = 60_000;

/**
 * Activity that is not a visit (typing a certification) keeps the session too (issue 25), at most
 * once every five minutes: it extends once less than 55 minutes are left, and never revives an
 * ended session.
 */
export const EXTEND_ON_ACTIVITY_BELOW_MS = 55 * MINUTE_MS;

export function shouldExtendOnActivity(remaining: number): boolean {
  return remaining > 0 && remaining < EXTEND_ON_ACTIVITY_BELOW_MS;
}

let extending: Promise<void> | null = null;

/** Asks the server for one more hour now (spec §4's `login/extend-token`); one call at a time. */
export function extendNow(): Promise<void> {
  extending ??= extendSession()
    .then(({ expires }) => useSessionStore.getState().extendAccess(expires))
    .finally(() => {
      extending = null;
    });
  return extending;
}

/** The person is doing something here: the session is kept when it is due (see above). */
export function noteActivity(): void {
  const state = useSessionStore.getState();
  if (!isLoggedIn(state) || !state.tokens) return;
  if (!shouldExtendOnActivity(state.tokens.access.expires - Date.now())) return;
  // Spec §4: extension errors are ignored; the warnings still offer 연장하기.
  extendNow().catch((error: unknown) => console.warn('[session] could not extend the session', error));
}
