import { useEffect, useSyncExternalStore } from 'react';
import { autoLoginWaits, logInChildAutomatically } from '@/shared/session/auto-login.ts';
import { askingOtherTabs, sessionFromOtherTabs } from '@/shared/session/session-channel.ts';

/**
 * Before a path that needs a session sends a visitor to the login page (issue 25): a session held
 * by another tab of this browser is taken (decision 023), else a child's autoLogin cookie signs the
 * child in again. Tried once per page load; a failure leaves the visitor to the login page as before.
 */

type Recovery = 'untried' | 'trying' | 'over';
let recovery: Recovery = 'untried';
const listeners = new Set<() => void>();

function setRecovery(next: Recovery): void {
  recovery = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function recover(): Promise<void> {
  setRecovery('trying');
  try {
    if (await sessionFromOtherTabs()) return;
    if (autoLoginWaits()) await logInChildAutomatically();
  } catch (failure) {
    // Spec §8: auto-login failures are only written to the console.
    console.error('[auth] auto-login failed', failure);
  } finally {
    setRecovery('over');
  }
}

/**
 * `wanted`: this navigation would go to the login page for want of a session. True while a session
 * may still come (the page then waits instead of redirecting).
 */
export function useSessionRecovery(wanted: boolean): boolean {
  const current = useSyncExternalStore(
    subscribe,
    () => recovery,
    () => 'over' as const,
  );
  const worthTrying = wanted && current === 'untried' && (askingOtherTabs() || autoLoginWaits());
  useEffect(() => {
    if (worthTrying && recovery === 'untried') void recover();
  }, [worthTrying]);
  return worthTrying || (wanted && current === 'trying');
}
