import { adminEndpointUrl, CSRF_HEADER, type AdminEndpoint } from '@hamkke/contract/admin/endpoint';
import type { z } from 'zod';
import { apiErrorFromResponse, ApiError } from '@/shared/api/api-error.ts';

/** The session's CSRF token, from the login or `auth/me`; sent on every console call. */
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * Calls the console API: its cookie goes along by itself (same origin, path /v1/api/admin), the
 * CSRF token in a header; the answer is checked against the contract.
 */
export async function callAdmin<E extends AdminEndpoint>(
  endpoint: E,
  body: z.input<E['request']>,
): Promise<z.output<E['response']>> {
  let response: Response;
  try {
    response = await fetch(adminEndpointUrl(endpoint), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(csrfToken ? { [CSRF_HEADER]: csrfToken } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError('NETWORK', 0, `no response from ${endpoint.path}`);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFromResponse(response.status, json);
  const parsed = endpoint.response.safeParse((json as { response?: unknown } | null)?.response);
  if (!parsed.success)
    throw new ApiError('INVALID_RESPONSE', response.status, `unexpected response from ${endpoint.path}`);
  return parsed.data as z.output<E['response']>;
}
