import { AUTO_LOGIN_HINT_COOKIE } from '@hamkke/contract/login/auto-login-cookies';
import { childrenAutoLogin, forgetAutoLoginCookie } from './api/auto-login.ts';
import { useSessionStore } from '../stores/session-store.ts';

/**
 * A child's auto-login on this device (spec §4, issue 25). The secret is the server's HttpOnly
 * `autoLogin` cookie; beside it the server sets a readable hint, so the app knows without a call
 * whether to try it, and can drop it itself at logout even when no call gets through. A logout whose
 * call did not remove the cookie leaves a mark here: while it is there, the cookie is never used, and
 * the next start of the app asks the server again to remove it.
 */

/** A logout that could not yet have the server remove the cookie (localStorage: outlives the tab). */
export const FORGET_PENDING_KEY = 'hamkke.forgetAutoLogin';

function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn('[session] localStorage is not available', error);
  }
}

function hasHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${AUTO_LOGIN_HINT_COOKIE}=1`);
}

function dropHint(): void {
  document.cookie = `${AUTO_LOGIN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

function forgetPending(): boolean {
  return readLocal(FORGET_PENDING_KEY) !== null;
}

/** Whether /login/children may try the cookie: not after a logout the server has not confirmed. */
export function mayTryAutoLogin(): boolean {
  return !forgetPending();
}

/** Whether a protected path opened logged out should try the cookie before the login page. */
export function autoLoginWaits(): boolean {
  return hasHint() && !forgetPending();
}

/** Signs the child in again from the autoLogin cookie; false when there is no valid cookie. */
export async function logInChildAutomatically(signal?: AbortSignal): Promise<boolean> {
  if (!mayTryAutoLogin()) return false;
  const result = await childrenAutoLogin(signal);
  if (!result) return false;
  useSessionStore.getState().setChildrenLogin(result);
  return true;
}

/** A child signed in with id and password: a new cookie replaces whatever a logout left behind. */
export function autoLoginRenewed(): void {
  writeLocal(FORGET_PENDING_KEY, null);
}

/**
 * Logout's part: the hint goes at once (so nothing here tries the cookie again), then the server is
 * asked to revoke and remove the cookie. `logoutDone` says the logout call already did.
 */
export async function forgetAutoLogin({ logoutDone }: { logoutDone: boolean }): Promise<void> {
  dropHint();
  if (logoutDone) {
    writeLocal(FORGET_PENDING_KEY, null);
    return;
  }
  writeLocal(FORGET_PENDING_KEY, '1');
  await retryForgetAutoLogin();
}

/** At the app's start, and after a failed logout: asks the server again to remove the cookie. */
export async function retryForgetAutoLogin(): Promise<void> {
  if (!forgetPending()) return;
  try {
    await forgetAutoLoginCookie();
    writeLocal(FORGET_PENDING_KEY, null);
  } catch (error) {
    console.warn('[session] could not remove the autoLogin cookie yet; tried again at the next start', error);
  }
}
