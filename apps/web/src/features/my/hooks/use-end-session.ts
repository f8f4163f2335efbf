import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginPathWithReason, type LoginReason } from '../../../shared/lib/login-path.ts';
import { endLocalSession } from '../../../shared/stores/session-store.ts';

/**
 * Ends the session in this tab after logout or withdrawal: to the login page first, committed at
 * once (flushSync), so the layout's guard does not get there first without the reason; then the
 * session storage and every cached answer go.
 */
export function useEndSession(): (reason: LoginReason) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (reason: LoginReason) => {
      await navigate(loginPathWithReason(reason), { replace: true, flushSync: true });
      endLocalSession();
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
