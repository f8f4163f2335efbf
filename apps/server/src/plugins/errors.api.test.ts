import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createFreshDatabase, testConfig, type FreshDatabase } from '../../test/harness.ts';
import type { FastifyInstance } from 'fastify';

describe('error envelope', () => {
  let database: FreshDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createFreshDatabase({ name: 'sqlite' });
    app = await buildApp({ config: testConfig(), db: database.db });
    app.post('/v1/api/front/test/boom', { config: { auth: 'public' } }, async () => {
      throw new Error('secret internal detail: /etc/passwd at db.ts:42');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an unknown API path with a 404 JSON body', async () => {
    for (const [method, url] of [
      ['POST', '/v1/api/front/common/no-such-thing'],
      ['GET', '/v1/api/front/common/total-user-mission'],
      ['GET', '/v1/whatever'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('turns an unexpected error into a 500 that shows no internals', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/api/front/test/boom', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('passwd');
    expect(res.body).not.toContain('db.ts');
  });

  it('answers malformed JSON with a 400 naming the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/front/common/commcode-keys',
      headers: { 'content-type': 'application/json' },
      payload: '{"groupKeys": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body' }] });
  });

  it.each([
    ['a text past its limit', { text: 'x'.repeat(5001) }, 'TOO_LONG'],
    ['a missing text', {}, 'REQUIRED'],
    ['a number for a text', { text: 42 }, 'INVALID_FORMAT'],
  ])('names what is wrong with a field as a code: %s → %s', async (_label, payload, code) => {
    const res = await app.inject({ method: 'POST', url: '/v1/api/front/common/forbidden-word', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'text', code, message: expect.any(String) }]);
  });

  it('answers a body of the wrong media type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/front/common/commcode-keys',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/front/common/commcode-keys',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ groupKeys: ['A'.repeat(2 * 1024 * 1024)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives every answer a request id; an incoming one only from the trusted proxy (decision 042)', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // TRUST_PROXY unset: nobody's X-Request-Id is believed.
    const unbelieved = await app.inject({
      method: 'POST',
      url: '/v1/api/front/nope',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(unbelieved.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(unbelieved.json().error.requestId).toBe(unbelieved.headers['x-request-id']);
    const behindProxy = await buildApp({ config: testConfig({ TRUST_PROXY: '127.0.0.1' }), db: database.db });
    const echoed = await behindProxy.inject({
      method: 'POST',
      url: '/v1/api/front/nope',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    await behindProxy.close();
    expect(echoed.headers['x-request-id']).toBe('trace-12345678');
    expect(echoed.json().error.requestId).toBe('trace-12345678');
    const hostile = await app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'x-request-id': 'a\nb' },
    });
    expect(hostile.headers['x-request-id']).not.toContain('\n');
  });
});
