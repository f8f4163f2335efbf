import { defineEndpoint, emptyRequestSchema } from '@hamkke/contract/endpoint';
import { encodeSessionHeader } from '@hamkke/contract/session-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import {
  callEndpoint,
  createFreshDatabase,
  manualClock,
  sessionHeadersFor,
  testConfig,
  type FreshDatabase,
} from '../../test/harness.ts';
import { registerEndpoint } from './endpoints.ts';
import type { FastifyInstance } from 'fastify';

const whoAmI = defineEndpoint({
  path: 'test/who-am-i',
  auth: 'user',
  summary: 'test only',
  request: emptyRequestSchema,
  response: z.object({ userId: z.number(), userType: z.string() }),
});
const pinOnly = defineEndpoint({ ...whoAmI, path: 'test/pin-only', auth: 'pin' });
const open = defineEndpoint({
  ...whoAmI,
  path: 'test/open',
  auth: 'public',
  response: z.object({ signedIn: z.boolean() }),
});

describe.each(testDatabaseTargets())('auth plugin on $name', (target) => {
  let database: FreshDatabase;
  let app: FastifyInstance;
  const clock = manualClock('2026-11-20T03:00:00.000Z');
  let parent: number;
  let plainParent: number;
  let child: number;

  beforeAll(async () => {
    database = await createFreshDatabase(target);
    app = await buildApp({ config: testConfig(), db: database.db, clock: clock.now });
    registerEndpoint(app, whoAmI, async ({ session }) => ({
      userId: session.userId,
      userType: session.userType,
    }));
    registerEndpoint(app, pinOnly, async ({ session }) => ({
      userId: session.userId,
      userType: session.userType,
    }));
    registerEndpoint(app, open, async ({ session }) => ({ signedIn: session !== null }));
    await app.ready();
    parent = await createUser(database.db);
    plainParent = await createUser(database.db, { pin_verified_at: null });
    child = await createUser(database.db, { user_type: 'CHILD', kakao_id: null, login_id: 'kid-auth' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (path: string, headers: Record<string, string> = {}) => callEndpoint(app, path, {}, headers);

  it('refuses a call without a token with a 401 body the client recognises', async () => {
    const res = await call('test/who-am-i');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('refuses an unknown token', async () => {
    const res = await call('test/who-am-i', { authorization: 'Bearer ' + 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });

  it('authenticates by the token and accepts a matching session header', async () => {
    const res = await call('test/who-am-i', await sessionHeadersFor(app, parent));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: { userId: parent, userType: 'PARENT' } });
  });

  it('authenticates by the token alone when no session header is sent', async () => {
    const { authorization } = await sessionHeadersFor(app, child);
    const res = await call('test/who-am-i', { authorization: authorization! });
    expect(res.json()).toEqual({ response: { userId: child, userType: 'CHILD' } });
  });

  it('rejects a session header naming someone else than the token owner', async () => {
    const headers = await sessionHeadersFor(app, parent);
    headers['x-session-user'] = encodeSessionHeader({ userId: String(child), loginKey: 'whatever' });
    const res = await call('test/who-am-i', headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_MISMATCH');
    headers['x-session-user'] = 'not-base64-json';
    expect((await call('test/who-am-i', headers)).json().error.code).toBe('SESSION_MISMATCH');
  });

  it('lets a token expire after one hour', async () => {
    const headers = await sessionHeadersFor(app, parent);
    clock.advance(60 * 60 * 1000 - 1000);
    expect((await call('test/who-am-i', headers)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await call('test/who-am-i', headers)).statusCode).toBe(401);
    clock.set('2026-11-20T03:00:00.000Z');
  });

  it('stops honouring tokens of a withdrawn person and revoked tokens', async () => {
    const leaver = await createUser(database.db);
    const headers = await sessionHeadersFor(app, leaver);
    expect((await call('test/who-am-i', headers)).statusCode).toBe(200);
    await database.db.updateTable('users').set({ status: 'WITHDRAWN' }).where('id', '=', leaver).execute();
    expect((await call('test/who-am-i', headers)).statusCode).toBe(401);

    const other = await sessionHeadersFor(app, plainParent);
    await app.services.tokens.revokeAll(plainParent);
    expect((await call('test/who-am-i', other)).statusCode).toBe(401);
  });

  it('lets only verified pin users through a pin endpoint', async () => {
    expect((await call('test/pin-only', await sessionHeadersFor(app, parent))).statusCode).toBe(200);
    const plain = await call('test/pin-only', await sessionHeadersFor(app, plainParent));
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.code).toBe('PIN_REQUIRED');
    expect((await call('test/pin-only', await sessionHeadersFor(app, child))).statusCode).toBe(403);
    expect((await call('test/pin-only')).statusCode).toBe(401);
  });

  it('serves public endpoints to anyone and still recognises a signed-in caller', async () => {
    expect((await call('test/open')).json()).toEqual({ response: { signedIn: false } });
    expect((await call('test/open', { authorization: 'Bearer nonsense-token-value-123' })).json()).toEqual({
      response: { signedIn: false },
    });
    expect((await call('test/open', await sessionHeadersFor(app, parent))).json()).toEqual({
      response: { signedIn: true },
    });
  });

  it('mints a different token of at least 128 bits every time', async () => {
    const first = await app.services.tokens.issue(parent);
    const second = await app.services.tokens.issue(parent);
    expect(first.token).not.toBe(second.token);
    expect(Buffer.from(first.token, 'base64url').length).toBeGreaterThanOrEqual(16);
  });
});
