import {
  ADMIN_API_PREFIX,
  CSRF_HEADER,
  type AdminEndpoint,
  type AdminEndpointRequest,
  type AdminEndpointResponse,
} from '@hamkke/contract/admin/endpoint';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiScope, type CallRequest } from '@/shared/api/client.ts';
import { createQueryClient } from '@/shared/api/query-client.ts';

/** The session's CSRF token, from the login or `auth/me`; sent on every console call. */
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * The console's calls through the app's one client (shared/api/client.ts): under the console's
 * prefix, with its cookie (same origin, path /v1/api/admin) and its CSRF token in a header. Its 401s
 * are its own to show (the login screen); the app's session is never touched (decision 011).
 */
export const consoleScope: ApiScope = {
  prefix: ADMIN_API_PREFIX,
  headers: (): Record<string, string> => (csrfToken ? { [CSRF_HEADER]: csrfToken } : {}),
};

/**
 * The console's own cache, apart from the app's (its own session: an operator's data never sits in
 * the app's cache, and logging out drops it). Operators act on what others change too, so every
 * screen reads afresh when it opens and nothing is kept once no screen shows it (as the console did
 * before TanStack Query); a list keeps showing its last page while the next one comes.
 */
export const consoleQueryClient = createQueryClient({
  staleTime: 0,
  gcTime: 0,
  placeholderData: keepPreviousData,
});

export const consoleKeys = {
  /** The operator's session (`auth/me`). */
  session: ['admin', 'session'] as const,
  /** Everything a console screen reads. */
  data: ['admin', 'data'] as const,
};

/**
 * The one client's call of a console endpoint, with the console's scope. For the console's api/
 * modules; screens use the reads and writes below.
 */
export function callConsole<E extends AdminEndpoint>(
  endpoint: E,
  request: AdminEndpointRequest<E>,
  options: { signal?: AbortSignal; timeoutMs?: number },
): Promise<AdminEndpointResponse<E>> {
  // `CallRequest<E>` is `AdminEndpointRequest<E>` for a console endpoint; TypeScript cannot see it for a generic `E`.
  return callApi(endpoint, request as CallRequest<E>, { ...options, scope: consoleScope }) as Promise<
    AdminEndpointResponse<E>
  >;
}

/** A console read: the endpoint's answer to `request`, keyed by both. */
export function consoleQuery<E extends AdminEndpoint>(endpoint: E, request: AdminEndpointRequest<E>) {
  return queryOptions({
    queryKey: [...consoleKeys.data, endpoint.path, request] as const,
    queryFn: ({ signal }) => callConsole(endpoint, request, { signal }),
  });
}

/**
 * A console call that changes something: once it is done, every console read is asked again (a
 * change on one screen can move what another shows: a hidden certification moves a team's count and
 * the dashboard). `reads` marks a call that only reads (trying a sentence, a dry run), which changes
 * nothing to read again.
 */
export function useConsoleMutation<E extends AdminEndpoint>(
  endpoint: E,
  options: {
    onSuccess?: (answer: AdminEndpointResponse<E>, request: AdminEndpointRequest<E>) => unknown;
    reads?: boolean;
    timeoutMs?: number;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminEndpointRequest<E>) =>
      callConsole(endpoint, request, { timeoutMs: options.timeoutMs }),
    onSuccess: async (answer, request) => {
      await options.onSuccess?.(answer, request);
      if (!options.reads) await queryClient.invalidateQueries({ queryKey: consoleKeys.data });
    },
  });
}
