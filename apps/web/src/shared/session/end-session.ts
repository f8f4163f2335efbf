import { queryClient } from '../api/query-client.ts';
import { LOGIN_PATH, loginPathWithReason, type LoginReason } from '../lib/login-path.ts';
import { SESSION_STORAGE_KEY, useSessionStore } from '../stores/session-store.ts';
import { discardCertifyDrafts } from './certify-drafts.ts';
import { announceSessionEnd } from './session-channel.ts';

/** Goes to `to` and, in the same commit, runs `alongside` (the session's clearing). */
type Navigate = (to: string, alongside: () => void) => unknown;

let navigateTo: Navigate = (to, alongside) => {
  alongside();
  window.location.assign(to);
};

/**
 * The router registers its navigation (committed at once, together with what goes `alongside`), so
 * ending a session does not reload.
 */
export function registerSessionNavigation(navigate: Navigate): void {
  navigateTo = navigate;
}

/**
 * The one way a session ends in this tab — a 401, the countdown reaching zero, logout, withdrawal:
 * to the login page and, in the same commit, the session store (so neither the layout's guard sends
 * the person on without the reason, nor the login page sends a still-signed-in person to /home),
 * then its sessionStorage entry and every cached server answer go, so the next person on this tab
 * never sees the last one's data. Logout and withdrawal clear all of sessionStorage
 * (spec §4); a 401 or an expiry keeps the rest, such as a team invite waiting for the next login.
 */
export async function endSession(
  reason: LoginReason | 'unauthorized',
  options: { clearAllStorage?: boolean; fromOtherTab?: boolean } = {},
): Promise<void> {
  // A logout or withdrawal ends the same session in the other tabs of this browser (decision 023).
  const userId = useSessionStore.getState().userInfo?.userId;
  if (userId && (reason === 'logged_out' || reason === 'withdrawn')) {
    if (!options.fromOtherTab) announceSessionEnd(userId, reason);
    // A certification draft outlives an expiry, never a logout or withdrawal (issue 25).
    discardCertifyDrafts(userId);
  }
  await navigateTo(reason === 'unauthorized' ? LOGIN_PATH : loginPathWithReason(reason), () =>
    useSessionStore.getState().clear(),
  );
  try {
    if (options.clearAllStorage) window.sessionStorage.clear();
    else window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch (error) {
    console.warn('[session] could not clear sessionStorage', error);
  }
  queryClient.clear();
}
