import {
  operatorLoginEndpoint,
  operatorLogoutEndpoint,
  operatorMeEndpoint,
} from '@hamkke/contract/admin/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/api-error.ts';
import { callConsole, consoleKeys, setCsrfToken } from './console-query.ts';

/** The operator's session: `null` when nobody is signed in (the console shows its login). */
export function operatorSessionQuery() {
  return queryOptions({
    queryKey: consoleKeys.session,
    queryFn: async ({ signal }) => {
      try {
        const session = await callConsole(operatorMeEndpoint, {}, { signal });
        setCsrfToken(session.csrfToken);
        return session;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
  });
}

/** Password and TOTP; the answer is the session the console then shows. */
export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { loginId: string; password: string; totp: string }) =>
      callConsole(operatorLoginEndpoint, credentials, {}),
    onSuccess: (session) => {
      setCsrfToken(session.csrfToken);
      queryClient.setQueryData(consoleKeys.session, session);
    },
  });
}

/**
 * Ends the operator's session, then reads it again: the login shows once the server agrees (the
 * screens' data, no longer shown, leaves the console's cache with them).
 */
export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callConsole(operatorLogoutEndpoint, {}, {}).catch(() => undefined),
    onSettled: async () => {
      setCsrfToken(null);
      await queryClient.invalidateQueries({ queryKey: consoleKeys.session });
    },
  });
}
