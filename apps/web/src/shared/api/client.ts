import type { EndpointRequest, EndpointResponse } from '@hamkke/contract/endpoint';
import { endpointUrl, type EndpointRoute } from '@hamkke/contract/route';
import { encodeSessionHeader, SESSION_HEADER } from '@hamkke/contract/session-header';
import { HEALTH_PATH } from '@hamkke/contract/route';
import { unwrapBody } from '@hamkke/contract/wire';
import { endSession } from '../session/end-session.ts';
import { isLoggedIn, useSessionStore } from '../stores/session-store.ts';
import { ApiError, apiErrorFromResponse } from './api-error.ts';

/**
 * The one HTTP client of the web app (spec §7). It calls an endpoint by its route (path and auth
 * level, `@hamkke/contract/routes`) and trusts the answer's shape: the server serializes every answer
 * through the contract's response schema (the whitelist of what may leave it), so the browser does
 * not carry zod to check it again (issue 12: zod was 25 KB of every first load).
 */

export const REQUEST_TIMEOUT_MS = 15_000;
export const HEALTH_TIMEOUT_MS = 3_000;

/** A 401, or a call that needs a session when there is none: the session ends, to the login page (spec §8). */
export function unauthorized(reason: string): ApiError {
  void endSession('unauthorized');
  return new ApiError('UNAUTHORIZED', 401, reason);
}

/** The Bearer and session headers of an authenticated call; also used by the photo upload (upload.ts). */
export function authHeaders(
  endpoint: Pick<EndpointRoute, 'auth' | 'path'>,
): Record<string, string> | ApiError {
  if (endpoint.auth === 'public') return {};
  const session = useSessionStore.getState();
  if (!isLoggedIn(session) || !session.userInfo || !session.tokens) {
    return unauthorized(`no session for ${endpoint.path}`);
  }
  return {
    Authorization: `Bearer ${session.tokens.access.token}`,
    [SESSION_HEADER]: sessionHeaderOf(session.userInfo.userId, session.userInfo.loginKey),
  };
}

/** The session header of the last session asked for: written once, not at each of /home's ten calls. */
let lastSessionHeader: { userId: string; loginKey: string; value: string } | null = null;
function sessionHeaderOf(userId: string, loginKey: string): string {
  if (lastSessionHeader?.userId !== userId || lastSessionHeader.loginKey !== loginKey) {
    lastSessionHeader = { userId, loginKey, value: encodeSessionHeader({ userId, loginKey }) };
  }
  return lastSessionHeader.value;
}

function timeoutSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  // AbortSignal.any is missing on older iOS; there the caller's cancel is dropped, the timeout kept.
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([timeout, signal]) : timeout;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * POSTs `body` to the endpoint and returns its unwrapped payload.
 * Throws {@link ApiError}: the contract's code, `NETWORK` when no answer came (offline, 15 s time-out),
 * `INVALID_RESPONSE` when a success is not the API's envelope (a proxy's page, say).
 */
export async function callApi<E extends EndpointRoute>(
  endpoint: E,
  body: EndpointRequest<E>,
  options: { signal?: AbortSignal } = {},
): Promise<EndpointResponse<E>> {
  const headers = authHeaders(endpoint);
  if (headers instanceof ApiError) throw headers;

  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
      signal: timeoutSignal(REQUEST_TIMEOUT_MS, options.signal),
    });
  } catch (cause) {
    // A cancel by the caller (a query that is no longer needed) is not a failure to report.
    if (options.signal?.aborted) throw cause;
    console.error(`[api] ${endpoint.path}: no response`, cause);
    throw new ApiError('NETWORK', 0, `no response from ${endpoint.path}`);
  }

  const json = await readJson(response);

  if (response.status === 401) {
    const error = apiErrorFromResponse(401, json);
    // A lost session ends it; a 401 about something else (a Kakao token Kakao refused) is the
    // caller's to handle, with its code.
    if (error.code === 'UNAUTHORIZED' || error.code === 'SESSION_MISMATCH') {
      throw unauthorized(`401 from ${endpoint.path}`);
    }
    console.error(`[api] ${endpoint.path}: ${error.code} (401)`, error.message);
    throw error;
  }

  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, json);
    console.error(`[api] ${endpoint.path}: ${error.code} (${response.status})`, error.message);
    throw error;
  }

  if (!isEnvelope(json)) {
    console.error(`[api] ${endpoint.path}: the answer is not the API's envelope`);
    throw new ApiError('INVALID_RESPONSE', response.status, `unexpected response from ${endpoint.path}`);
  }
  return unwrapBody(json) as EndpointResponse<E>;
}

/** `{ "response": … }` (or the spec's `{ "data": … }`): what every successful call answers. */
function isEnvelope(json: unknown): boolean {
  return json !== null && typeof json === 'object' && ('response' in json || 'data' in json);
}

/** `GET /v1/health` with a short time-out; the social login starts only when this is true (spec §4). */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_PATH, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    const body = await readJson(response);
    return (
      response.ok && body !== null && typeof body === 'object' && 'status' in body && body.status === 'ok'
    );
  } catch (cause) {
    console.error('[api] health check failed', cause);
    return false;
  }
}
