import type {
  AdminEndpoint,
  AdminEndpointRequest,
  AdminEndpointResponse,
} from '@hamkke/contract/admin/endpoint';
import type { EndpointRequest, EndpointResponse } from '@hamkke/contract/endpoint';
import type { SessionBody } from '@hamkke/contract/login/session';
import { API_PREFIX, type EndpointRoute } from '@hamkke/contract/route';
import { encodeSessionHeader, SESSION_HEADER } from '@hamkke/contract/session-header';
import { HEALTH_PATH } from '@hamkke/contract/route';
import { unwrapBody } from '@hamkke/contract/wire';
import { endSession } from '../session/end-session.ts';
import { isLoggedIn, useSessionStore } from '../stores/session-store.ts';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import { rememberFailedCall } from './last-failure.ts';

/**
 * The one HTTP client of the web app and its operator console (spec §7). It calls an app endpoint by
 * its route (path and auth level, `@hamkke/contract/routes`) or a console endpoint by its contract,
 * and trusts the answer's shape: the server serializes every answer through the contract's response
 * schema (the whitelist of what may leave it), so a production build does not carry zod to check it
 * again (issue 12: zod was 25 KB of every first load). Development and tests do check it (decision 021).
 */

/** What a call goes to: an app endpoint's route, or an operator console endpoint. */
export type CallableEndpoint = EndpointRoute | AdminEndpoint;
export type CallRequest<E extends CallableEndpoint> = E extends EndpointRoute
  ? EndpointRequest<E>
  : E extends AdminEndpoint
    ? AdminEndpointRequest<E>
    : never;
export type CallResponse<E extends CallableEndpoint> = E extends EndpointRoute
  ? EndpointResponse<E>
  : E extends AdminEndpoint
    ? AdminEndpointResponse<E>
    : never;

/**
 * Where a call goes and who makes it. The app's scope is the default: its prefix, the person's
 * Bearer token and session header, and a 401 about the session ends it. The operator console has
 * its own (features/admin/api/console-query.ts): its prefix, its cookie and CSRF token, and its 401s
 * are its own to show (its login screen), never the app's session.
 */
export interface ApiScope {
  /** The prefix of the scope's endpoints: `/v1/api/front`, `/v1/api/admin`. */
  readonly prefix: string;
  /** The headers that say who calls, or the failure when nobody can. */
  headers(endpoint: CallableEndpoint): Record<string, string> | ApiError;
  /** What a 401 turns into when it means the session is gone; `null` when it is about something else. */
  sessionLost?(error: ApiError, path: string): ApiError | null;
}

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

/**
 * The body spec §7's client sends to check-user-status, my/check-pin-user and my/myinfo: the session
 * user's userId and loginKey (empty for children). It names the person; the server trusts only the
 * token and refuses a body naming someone else (decision 035). Empty when nobody is signed in.
 */
export function sessionBody(): SessionBody {
  const { userInfo } = useSessionStore.getState();
  return userInfo ? { userId: userInfo.userId, loginKey: userInfo.loginKey } : {};
}

/** The session header of the last session asked for: written once, not at each of /home's ten calls. */
let lastSessionHeader: { userId: string; loginKey: string; value: string } | null = null;
function sessionHeaderOf(userId: string, loginKey: string): string {
  if (lastSessionHeader?.userId !== userId || lastSessionHeader.loginKey !== loginKey) {
    lastSessionHeader = { userId, loginKey, value: encodeSessionHeader({ userId, loginKey }) };
  }
  return lastSessionHeader.value;
}

/**
 * What an app call's 401 means: a lost session ends it; a 401 about something else (a Kakao token
 * Kakao refused) is the caller's to handle, with its code. Also used by the download (download.ts).
 */
export function appSessionLost(error: ApiError, path: string): ApiError | null {
  return error.code === 'UNAUTHORIZED' || error.code === 'SESSION_MISMATCH'
    ? unauthorized(`401 from ${path}`)
    : null;
}

/** The app's calls: the person's session, which a lost one ends (to the login page). */
const appScope: ApiScope = {
  prefix: API_PREFIX,
  headers: (endpoint) => authHeaders(endpoint as EndpointRoute),
  sessionLost: appSessionLost,
};

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
 * POSTs `body` to the endpoint and returns its unwrapped payload: an app endpoint by default, the
 * console's with its scope. Throws {@link ApiError}: the contract's code, `NETWORK` when no answer came
 * (offline, the time-out: 15 s unless `timeoutMs` says otherwise), `INVALID_RESPONSE` when a success is
 * not the API's envelope (a proxy's page, say) or, in development and tests, not the contract's answer.
 */
export async function callApi<E extends CallableEndpoint>(
  endpoint: E,
  body: CallRequest<E>,
  options: { signal?: AbortSignal; scope?: ApiScope; timeoutMs?: number } = {},
): Promise<CallResponse<E>> {
  const scope = options.scope ?? appScope;
  const headers = scope.headers(endpoint);
  if (headers instanceof ApiError) throw headers;

  const signal = timeoutSignal(options.timeoutMs ?? REQUEST_TIMEOUT_MS, options.signal);
  let response: Response;
  try {
    response = await fetch(`${scope.prefix}/${endpoint.path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
      signal,
    });
  } catch (cause) {
    // A cancel by the caller (a query that is no longer needed) is not a failure to report.
    if (options.signal?.aborted) throw cause;
    console.error(`[api] ${endpoint.path}: no response`, cause);
    throw new ApiError('NETWORK', 0, `no response from ${endpoint.path}`);
  }

  const json = await readJson(response);
  if (json === undefined) {
    // The answer's body never arrived whole: cancelled while it was read (a 401 elsewhere ended the
    // session and its queries went with it), or the time-out. Neither is a malformed answer.
    if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError');
    if (endedDuringCall(headers)) throw endedError(endpoint.path);
    if (signal.aborted) {
      console.error(`[api] ${endpoint.path}: no response`, signal.reason);
      throw new ApiError('NETWORK', 0, `no response from ${endpoint.path}`);
    }
  }

  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, json);
    // The error screen's small print names it.
    rememberFailedCall(error.requestId);
    const lost = response.status === 401 ? scope.sessionLost?.(error, endpoint.path) : null;
    if (lost) throw lost;
    console.error(`[api] ${endpoint.path}: ${error.code} (${response.status})`, error.message);
    throw error;
  }

  if (!isEnvelope(json)) {
    // The session this call was made in ended while it ran: its answer is moot, not malformed.
    if (endedDuringCall(headers)) throw endedError(endpoint.path);
    console.error(`[api] ${endpoint.path}: the answer is not the API's envelope`);
    throw new ApiError('INVALID_RESPONSE', response.status, `unexpected response from ${endpoint.path}`);
  }
  const answer = unwrapBody(json);
  // Vite drops this (and the module it loads) from production builds.
  if (import.meta.env.DEV) await (await import('./answer-check.ts')).checkAnswer(endpoint, answer);
  return answer as CallResponse<E>;
}

/** An authenticated call whose session (its Bearer token) is no longer the one signed in. */
function endedDuringCall(sent: Record<string, string>): boolean {
  const bearer = sent.Authorization;
  if (bearer === undefined) return false;
  const { tokens } = useSessionStore.getState();
  return bearer !== `Bearer ${tokens?.access.token ?? ''}`;
}

/**
 * The failure of a call whose session already ended: a 401 like the one that ended it, without
 * ending anything again (the person may be signing in anew by now).
 */
function endedError(path: string): ApiError {
  return new ApiError('UNAUTHORIZED', 401, `the session ended during ${path}`);
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
