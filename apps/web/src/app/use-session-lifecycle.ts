import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLoggedIn, useSessionStore } from '../shared/stores/session-store.ts';
import { LOGIN_PATH } from './route-guards.ts';
import { SESSION_EXTENSION_MS, shouldExtendSession } from './session-rules.ts';

/** setTimeout fires at once beyond about 24.8 days; longer waits are taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Keeps the session's clock (spec §4): each visit to an extending section moves the expiry to one
 * hour from now; when it passes, the session is removed and the user goes to the login page.
 */
export function useSessionLifecycle(pathname: string): void {
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const expires = useSessionStore((state) => state.tokens?.access.expires ?? null);

  useEffect(() => {
    if (!loggedIn || !shouldExtendSession(pathname)) return;
    const current = useSessionStore.getState().tokens?.access.expires ?? 0;
    // An expired session is not revived by visiting a page; the expiry effect below ends it.
    if (current <= Date.now()) return;
    try {
      useSessionStore.getState().extendAccess(Date.now() + SESSION_EXTENSION_MS);
    } catch (error) {
      // Spec §4: extension errors are ignored (e.g. sessionStorage full); the session just ends on time.
      console.warn('[session] could not extend the session', error);
    }
  }, [loggedIn, pathname]);

  useEffect(() => {
    if (!loggedIn || expires === null) return;
    let timer: number | undefined;
    const check = () => {
      const remaining = expires - Date.now();
      if (remaining <= 0) {
        useSessionStore.getState().clear();
        void navigate(LOGIN_PATH, { replace: true });
        return;
      }
      timer = window.setTimeout(check, Math.min(remaining, MAX_TIMER_MS));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [loggedIn, expires, navigate]);
}
