import type { FastifyInstance } from 'fastify';

/** Statuses whose responses carry no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Relative inputs get a placeholder origin; only the path and query are ever used. */
const PLACEHOLDER_ORIGIN = 'http://in-process.invalid';

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * A `fetch` that never leaves the process: the request goes through `app.inject` (method, path and
 * query, headers, body) and the answer comes back as a real `Response`. The server hands it to the
 * Kakao client to talk to its own emulator, so the client's code path is the same as with Kakao.
 *
 * Differences from the global fetch: the URL's origin is ignored; redirects are never followed (the
 * 3xx answer is returned, as with `redirect: 'manual'`); `accept-encoding` is not forwarded, so
 * bodies come back uncompressed. An abort signal is honoured; failures reject with a TypeError as
 * fetch does.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  const injected = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const given =
      typeof input === 'string' && input.startsWith('/') ? `${PLACEHOLDER_ORIGIN}${input}` : input;
    const request = new Request(given, init);
    const signal = init?.signal ?? request.signal;
    if (signal.aborted) throw abortReason(signal);

    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (name !== 'accept-encoding') headers[name] = value;
    });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;

    const pending = app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(abortReason(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    let answer: Awaited<typeof pending>;
    try {
      answer = await Promise.race([pending, aborted]);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new TypeError('fetch failed', { cause: error });
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const noBody = NULL_BODY_STATUSES.has(answer.statusCode) || request.method === 'HEAD';
    const response = new Response(noBody ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: responseHeaders,
    });
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  };
  return injected as typeof fetch;
}
