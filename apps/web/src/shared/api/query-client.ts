import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError, type ApiErrorCode } from './api-error.ts';

/** Failures worth one more try; a 4xx answer will not change by asking again. */
const RETRYABLE_CODES: ReadonlySet<ApiErrorCode> = new Set([
  'NETWORK',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);

/** A query cache with the app's rules; `queries` changes some (the operator console's cache). */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && error instanceof ApiError && RETRYABLE_CODES.has(error.code),
        ...queries,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query cache; ending a session clears it (shared/session/end-session.ts). */
export const queryClient = createQueryClient();
