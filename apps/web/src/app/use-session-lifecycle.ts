import { useEffect } from 'react';
import { extendSession } from '@/shared/api/session.ts';
import { endSession } from '@/shared/session/end-session.ts';
import { useLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { shouldExtendSession } from './session-rules.ts';

/** setTimeout fires at once beyond about 24.8 days; longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Keeps the session's clock (spec §4): each visit to an extending section asks the server to keep
 * the token for one more hour and shows the expiry it answers; when the expiry passes, the session
 * is removed and the user goes to the login page.
 */
export function useSessionLifecycle(pathname: string): void {
  const loggedIn = useLoggedIn();
  const expires = useSessionStore((state) => state.tokens?.access.expires ?? null);

  useEffect(() => {
    if (!loggedIn || !shouldExtendSession(pathname)) return;
    const current = useSessionStore.getState().tokens?.access.expires ?? 0;
    // An expired session is not revived by visiting a page; the expiry effect below ends it.
    if (current <= Date.now()) return;
    const controller = new AbortController();
    extendSession(controller.signal)
      .then(({ expires: extended }) => useSessionStore.getState().extendAccess(extended))
      .catch((error: unknown) => {
        // Leaving the page cancels the call; that is not a failure.
        if (controller.signal.aborted) return;
        // Spec §4: extension errors are ignored; the session just ends on time (a 401 already logged out).
        console.warn('[session] could not extend the session', error);
      });
    return () => controller.abort();
  }, [loggedIn, pathname]);

  useEffect(() => {
    if (!loggedIn || expires === null) return;
    let timer: number | undefined;
    const check = () => {
      const remaining = expires - Date.now();
      if (remaining <= 0) {
        void endSession('session_expired');
        return;
      }
      timer = window.setTimeout(check, Math.min(remaining, MAX_TIMER_MS));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [loggedIn, expires]);
}
