import { useCallback } from 'react';
import type { LoginReason } from '@/shared/lib/login-path.ts';
import { endSession } from '@/shared/session/end-session.ts';

/** Logout and withdrawal end the session like every other end, and clear all of sessionStorage (spec §4). */
export function useEndSession(): (reason: LoginReason) => Promise<void> {
  return useCallback((reason: LoginReason) => endSession(reason, { clearAllStorage: true }), []);
}
