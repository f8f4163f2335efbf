import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { injectFetch } from './inject-fetch.ts';

describe('injectFetch', () => {
  let app: FastifyInstance;
  let fetchIn: typeof fetch;
  // /slow answers only once the test lets it, and says when a request has reached it.
  let slowReached = 0;
  let answerSlow: () => void = () => {};
  const slowAnswered = new Promise<void>((resolve) => (answerSlow = resolve));

  beforeAll(async () => {
    app = Fastify();
    await app.register(formbody);
    app.all('/echo', async (request) => ({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ?? null,
    }));
    app.get('/cookies', async (_request, reply) =>
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']).header('x-n', 5).send('ok'),
    );
    app.get('/empty', async (_request, reply) => reply.status(204).send());
    app.get('/away', async (_request, reply) => reply.redirect('/echo?from=away', 302));
    app.get('/slow', async () => {
      slowReached += 1;
      await slowAnswered;
      return { late: true };
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();
    fetchIn = injectFetch(app);
  });
  afterAll(async () => {
    answerSlow();
    await app.close();
  });

  it('sends method, path and query, headers and a form body, ignoring the origin', async () => {
    const res = await fetchIn('https://kauth.example.invalid/echo?x=1&y=%ED%95%9C', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'accept-encoding': 'gzip' },
      body: new URLSearchParams({ grant_type: 'authorization_code', name: '김하늘' }),
    });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const echo = await res.json();
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe('/echo?x=1&y=%ED%95%9C');
    expect(echo.headers.authorization).toBe('Bearer t');
    expect(echo.headers['accept-encoding']).toBeUndefined();
    expect(echo.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(echo.body).toEqual({ grant_type: 'authorization_code', name: '김하늘' });
  });

  it('accepts a relative path, a URL object and a Request', async () => {
    expect((await (await fetchIn('/echo?q=1')).json()).url).toBe('/echo?q=1');
    expect((await (await fetchIn(new URL('http://h/echo?q=2'))).json()).url).toBe('/echo?q=2');
    const request = new Request('http://h/echo', { method: 'PUT', body: 'plain text' });
    const echo = await (await fetchIn(request)).json();
    expect(echo.method).toBe('PUT');
  });

  it('returns repeated headers, bodiless statuses and redirects as they are', async () => {
    const cookies = await fetchIn('/cookies');
    expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(cookies.headers.get('x-n')).toBe('5');
    expect(await cookies.text()).toBe('ok');

    const empty = await fetchIn('/empty');
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();

    const away = await fetchIn('/away');
    expect(away.status).toBe(302);
    expect(away.headers.get('location')).toBe('/echo?from=away');

    const head = await fetchIn('/cookies', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    const boom = await fetchIn('/boom');
    expect(boom.status).toBe(500);
  });

  it('honours an abort signal like fetch', async () => {
    // A request still waiting for its answer rejects with the signal's reason (a time-out here).
    const timer = new AbortController();
    const waiting = fetchIn('/slow', { signal: timer.signal }).catch((reason: unknown) => reason);
    await vi.waitFor(() => expect(slowReached).toBe(1));
    timer.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(((await waiting) as Error).name).toBe('TimeoutError');

    const controller = new AbortController();
    controller.abort();
    await expect(fetchIn('/echo', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects with a TypeError when the app cannot answer', async () => {
    const closed = Fastify();
    closed.get('/x', async () => 'x');
    await closed.close();
    await expect(injectFetch(closed)('/x')).rejects.toBeInstanceOf(TypeError);
  });
});
