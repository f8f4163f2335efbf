import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createUser } from '../../../test/factories.ts';
import { callEndpoint, createTestContext, type TestContext } from '../../../test/harness.ts';
import { cookieFrom } from '../../../test/kakao-login.ts';
import { legacyScryptHash } from '../../lib/password.ts';

describe.each(testDatabaseTargets())('children login and sessions on $name', (target) => {
  let t: TestContext;
  let parent: number;
  let child: number;

  beforeAll(async () => {
    t = await createTestContext(target);
    parent = await createUser(t.db);
    child = await createChild(t.db, parent, 'star-kid', 'twinkle-1234');
  });
  afterAll(() => t.close());

  const login = (body: object, headers: Record<string, string> = {}) =>
    callEndpoint(t.app, 'login/children-login', body, headers);

  it('signs a child in with userInfo and tokens, and sets a revocable HttpOnly autoLogin cookie', async () => {
    // A child of its own: other tests sign star-kid in too.
    const moon = await createChild(t.db, parent, 'moon-kid', 'twinkle-1234');
    const res = await login({ id: 'Moon-Kid', password: 'twinkle-1234' });
    expect(res.statusCode).toBe(200);
    const { userInfo, tokens } = res.json().response;
    expect(userInfo).toMatchObject({
      userId: String(moon),
      id: 'moon-kid',
      userType: 'CHILD',
      loginKey: '',
    });
    expect(tokens.access.expires).toBe(t.clock.now().getTime() + 60 * 60 * 1000);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/autoLogin=[^;]+;.*HttpOnly/);
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('twinkle');
    const stored = await t.db
      .selectFrom('auto_login_tokens')
      .selectAll()
      .where('user_id', '=', moon)
      .execute();
    expect(stored).toHaveLength(1);
    expect(setCookie).not.toContain(stored[0]!.token_hash);
  });

  it('accepts a scrypt hash of before and stores argon2id in its place at the successful login', async () => {
    const old = await createChild(t.db, parent, 'old-hash-kid', 'twinkle-1234');
    const legacy = await legacyScryptHash('twinkle-1234', { N: 2 ** 14, r: 8, p: 1 });
    await t.db.updateTable('users').set({ password_hash: legacy }).where('id', '=', old).execute();
    const stored = async () =>
      (await t.db.selectFrom('users').select('password_hash').where('id', '=', old).executeTakeFirstOrThrow())
        .password_hash!;

    expect(
      (await login({ id: 'old-hash-kid', password: 'wrong-password', autoLogin: false })).statusCode,
    ).toBe(400);
    expect(await stored()).toBe(legacy);
    expect((await login({ id: 'old-hash-kid', password: 'twinkle-1234', autoLogin: false })).statusCode).toBe(
      200,
    );
    const upgraded = await stored();
    expect(upgraded.startsWith('$argon2id$v=19$m=19456,p=1,t=2$')).toBe(true);
    expect((await login({ id: 'old-hash-kid', password: 'twinkle-1234', autoLogin: false })).statusCode).toBe(
      200,
    );
    expect(await stored()).toBe(upgraded);
  });

  it('does not set the autoLogin cookie when auto login is off (only the device cookie, decision 033)', async () => {
    const res = await login({ id: 'star-kid', password: 'twinkle-1234', autoLogin: false });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(setCookie.map((line) => line.split('=')[0])).toEqual(['loginDevice']);
  });

  it('answers a wrong password, an unknown id and empty input the same way, naming no part', async () => {
    const bodies = [
      { id: 'star-kid', password: 'wrong-password' },
      { id: 'nobody-here', password: 'twinkle-1234' },
      { id: '', password: '' },
    ];
    const answers = await Promise.all(bodies.map((body) => login(body, { 'x-forwarded-for': 'ignored' })));
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    expect(new Set(answers.map((res) => res.json().error.message)).size).toBeLessThanOrEqual(2);
    expect(answers[0]!.json().error.message).toBe(answers[1]!.json().error.message);
  });

  it('blocks an id after 10 failures with 429 until the window passes', async () => {
    await createChild(t.db, parent, 'locked-kid', 'right-pass-1');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login({ id: 'locked-kid', password: `wrong-${attempt}` })).statusCode).toBe(400);
    }
    const blocked = await login({ id: 'locked-kid', password: 'right-pass-1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await login({ id: 'locked-kid', password: 'right-pass-1' })).statusCode).toBe(200);
  });

  it('signs the child in again from the cookie alone, until logout revokes it', async () => {
    const first = await login({ id: 'star-kid', password: 'twinkle-1234' });
    const cookie = cookieFrom(first.headers['set-cookie'], 'autoLogin')!;
    const again = await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie });
    expect(again.json().response.userInfo.userId).toBe(String(child));
    const token = again.json().response.tokens.access.token;
    expect(token).not.toBe(first.json().response.tokens.access.token);

    const out = await callEndpoint(t.app, 'login/logout', {}, { cookie, authorization: `Bearer ${token}` });
    expect(out.json()).toEqual({ response: { loggedOut: true } });
    expect(String(out.headers['set-cookie'])).toMatch(/autoLogin=;/);
    expect(
      (await callEndpoint(t.app, 'login/extend-token', {}, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(401);
    expect((await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie })).json()).toEqual({
      response: null,
    });
    expect((await callEndpoint(t.app, 'login/children-auto-login', {})).json()).toEqual({ response: null });
  });

  it('forgets the autoLogin cookie without a session, for a logout that met a revoked token (issue 25)', async () => {
    const first = await login({ id: 'star-kid', password: 'twinkle-1234' });
    const setCookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    // The readable hint beside the HttpOnly cookie: the web app knows, without a call, to try it.
    const hint = setCookie.find((line) => line.startsWith('autoLoginOn='));
    expect(hint).toMatch(/^autoLoginOn=1;/);
    expect(hint).not.toContain('HttpOnly');
    const cookie = cookieFrom(first.headers['set-cookie'], 'autoLogin')!;
    const token = first.json().response.tokens.access.token;

    // The token is already gone (revoked elsewhere): logout answers 401 and cannot touch the cookie.
    await callEndpoint(t.app, 'login/logout', {}, { authorization: `Bearer ${token}` });
    const refused = await callEndpoint(
      t.app,
      'login/logout',
      {},
      { cookie, authorization: `Bearer ${token}` },
    );
    expect(refused.statusCode).toBe(401);
    expect(
      (await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie })).json().response,
    ).not.toBeNull();

    const forgot = await callEndpoint(t.app, 'login/forget-auto-login', {}, { cookie });
    expect(forgot.json()).toEqual({ response: { forgotten: true } });
    const cleared = ([] as string[]).concat(forgot.headers['set-cookie'] ?? []).join('\n');
    expect(cleared).toMatch(/autoLogin=;/);
    expect(cleared).toMatch(/autoLoginOn=;/);
    expect((await callEndpoint(t.app, 'login/children-auto-login', {}, { cookie })).json()).toEqual({
      response: null,
    });
    // Without a cookie it answers the same: nothing to forget is not a failure.
    expect((await callEndpoint(t.app, 'login/forget-auto-login', {})).statusCode).toBe(200);
  });

  it('extends a token to one hour from now on each visit, and lets it lapse otherwise', async () => {
    const res = await login({ id: 'star-kid', password: 'twinkle-1234', autoLogin: false });
    const headers = { authorization: `Bearer ${res.json().response.tokens.access.token}` };
    t.clock.advance(50 * 60 * 1000);
    const extended = await callEndpoint(t.app, 'login/extend-token', {}, headers);
    expect(extended.json()).toEqual({ response: { expires: t.clock.now().getTime() + 60 * 60 * 1000 } });
    t.clock.advance(50 * 60 * 1000); // 100 minutes after login, 50 after the extension
    expect((await callEndpoint(t.app, 'login/extend-token', {}, headers)).statusCode).toBe(200);
    t.clock.advance(61 * 60 * 1000);
    const expired = await callEndpoint(t.app, 'login/extend-token', {}, headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('UNAUTHORIZED');
  });

  it('stops extending a token 12 hours after its login, however often it is used', async () => {
    const res = await login({ id: 'star-kid', password: 'twinkle-1234', autoLogin: false });
    const headers = { authorization: `Bearer ${res.json().response.tokens.access.token}` };
    const loggedInAt = t.clock.now().getTime();
    for (let visit = 0; visit < 14; visit += 1) {
      t.clock.advance(50 * 60 * 1000);
      const extended = await callEndpoint(t.app, 'login/extend-token', {}, headers);
      expect(extended.statusCode).toBe(200);
      expect(extended.json().response.expires).toBe(
        Math.min(t.clock.now().getTime() + 60 * 60 * 1000, loggedInAt + 12 * 60 * 60 * 1000),
      );
    }
    // 11 h 40 min after login: the token ends at 12 h, and no visit moves that.
    t.clock.advance(20 * 60 * 1000);
    const expired = await callEndpoint(t.app, 'login/extend-token', {}, headers);
    expect(expired.statusCode).toBe(401);
  });

  it('answers 401 past the 12-hour cap, never 200 with an expiry in the past (issue 26)', async () => {
    const res = await login({ id: 'star-kid', password: 'twinkle-1234', autoLogin: false });
    const token = res.json().response.tokens.access.token as string;
    const headers = { authorization: `Bearer ${token}` };
    const loggedInAt = t.clock.now().getTime();
    // A token whose stored expiry runs past its cap: one issued before the cap, or by a clock that
    // stepped back. Still live 12 h 10 min after its login, it has nothing left to extend.
    await t.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(loggedInAt + 13 * 60 * 60 * 1000).toISOString() })
      .where('created_at', '=', new Date(loggedInAt).toISOString())
      .where('user_id', '=', child)
      .execute();
    t.clock.advance(12 * 60 * 60 * 1000 + 10 * 60 * 1000);
    const late = await callEndpoint(t.app, 'login/extend-token', {}, headers);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 to an extension of a token revoked after its call was let in', async () => {
    const res = await login({ id: 'star-kid', password: 'twinkle-1234', autoLogin: false });
    const token = res.json().response.tokens.access.token as string;
    const owner = await t.app.services.tokens.authenticate(token);
    expect(owner).toBeDefined();
    await t.app.services.tokens.revoke(owner!.tokenHash);
    await expect(t.app.services.tokens.extend(owner!.tokenHash)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('stores client activity records with the spec’s defaults and the server-seen address', async () => {
    const failure = await callEndpoint(t.app, 'user/save-user-activity-log', {
      eventType: 'SIGNUP_FAILURE',
      userNm: '누군가',
      url: '/login/agreement',
    });
    expect(failure.json()).toEqual({ response: { saved: true } });
    const ok = await callEndpoint(t.app, 'user/save-user-activity-log', { eventType: 'KAKAO_LOGIN_ATTEMPT' });
    expect(ok.statusCode).toBe(200);
    const rows = await t.db.selectFrom('activity_logs').selectAll().orderBy('id').execute();
    expect(rows.find((row) => row.event_type === 'SIGNUP_FAILURE')).toMatchObject({
      status_code: 500,
      error_reason: '알 수 없는 오류가 발생했습니다.',
      ip_address: '127.0.0.1',
    });
    expect(rows.find((row) => row.event_type === 'KAKAO_LOGIN_ATTEMPT')).toMatchObject({
      status_code: 200,
      error_reason: null,
    });
    const stranger = await callEndpoint(t.app, 'user/save-user-activity-log', {
      eventType: 'LOGIN_ATTEMPT',
      userId: '987654321',
    });
    expect(stranger.statusCode).toBe(200);
    const huge = await callEndpoint(t.app, 'login/login-log', {
      userId: '999999999999',
      logdetail: 'x',
      result: 'N',
    });
    expect(huge.statusCode).toBe(200);
    const bad = await callEndpoint(t.app, 'user/save-user-activity-log', { eventType: 'HACKED_FAILURE' });
    expect(bad.statusCode).toBe(400);
    const log = await callEndpoint(t.app, 'login/login-log', {
      logdetail: 'FAIL',
      result: 'N',
      birthDate: '1990-01-01',
    });
    expect(log.json()).toEqual({ response: { data: { saved: true } } });
    expect(
      (await callEndpoint(t.app, 'login/login-log', { logdetail: 'x', result: 'maybe' })).statusCode,
    ).toBe(400);
  });
});
