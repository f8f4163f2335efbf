import { queryClient } from '../api/query-client.ts';
import { LOGIN_PATH, loginPathWithReason, type LoginReason } from '../lib/login-path.ts';
import { SESSION_STORAGE_KEY, useSessionStore } from '../stores/session-store.ts';

type Navigate = (to: string) => unknown;

let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router registers its navigation (committed at once), so ending a session does not reload. */
export function registerSessionNavigation(navigate: Navigate): void {
  navigateTo = navigate;
}

/**
 * The one way a session ends in this tab — a 401, the countdown reaching zero, logout, withdrawal:
 * to the login page first (so the layout's guard does not get there first without the reason), then
 * the session store, its sessionStorage entry and every cached server answer go, so the next person
 * on this tab never sees the last one's data. Logout and withdrawal clear all of sessionStorage
 * (spec §4); a 401 or an expiry keeps the rest, such as a team invite waiting for the next login.
 */
export async function endSession(
  reason: LoginReason | 'unauthorized',
  options: { clearAllStorage?: boolean } = {},
): Promise<void> {
  await navigateTo(reason === 'unauthorized' ? LOGIN_PATH : loginPathWithReason(reason));
  useSessionStore.getState().clear();
  try {
    if (options.clearAllStorage) window.sessionStorage.clear();
    else window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch (error) {
    console.warn('[session] could not clear sessionStorage', error);
  }
  queryClient.clear();
}
