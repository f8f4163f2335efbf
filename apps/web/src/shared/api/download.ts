import type { EndpointRoute } from '@hamkke/contract/route';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import { appSessionLost, authHeaders, REQUEST_TIMEOUT_MS } from './client.ts';
import { rememberFailedCall } from './last-failure.ts';

/**
 * The client's download (issue 44 item 4): a file the signed-in person may read that is not an
 * endpoint's JSON answer (a finished family data export's ZIP, decision 040), with the same headers,
 * 401 handling (a lost session ends it) and error envelope as `callApi` (client.ts). Its own module,
 * beside the client rather than in it, so the entry every page loads does not carry it.
 */

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * GETs `path` and answers its bytes. Throws {@link ApiError}: the answer's code, `NETWORK` when no
 * answer came or it broke off. The time-out (15 s unless `timeoutMs` says otherwise) is for the answer
 * to start: a large file then takes as long as it takes, and the caller's `signal` can still cancel it.
 */
export async function downloadFile(
  path: string,
  options: { auth: EndpointRoute['auth']; signal?: AbortSignal; timeoutMs?: number },
): Promise<Blob> {
  const headers = authHeaders({ auth: options.auth, path });
  if (headers instanceof ApiError) throw headers;

  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('The answer did not start in time', 'TimeoutError')),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  const signal =
    options.signal && typeof AbortSignal.any === 'function'
      ? AbortSignal.any([timeout.signal, options.signal])
      : timeout.signal;
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers, signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    console.error(`[api] ${path}: no response`, cause);
    throw new ApiError('NETWORK', 0, `no response from ${path}`);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, await readJson(response));
    rememberFailedCall(error.requestId);
    const lost = response.status === 401 ? appSessionLost(error, path) : null;
    if (lost) throw lost;
    console.error(`[api] ${path}: ${error.code} (${response.status})`, error.message);
    throw error;
  }
  try {
    return await response.blob();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    console.error(`[api] ${path}: the download broke off`, cause);
    throw new ApiError('NETWORK', 0, `the download of ${path} broke off`);
  }
}
