import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/harness.ts';
import { isAdult } from '../age.ts';
import { injectFetch } from '../inject-fetch.ts';
import { createKakaoClient, KakaoError, type KakaoClient, type KakaoErrorKind } from '../kakao-client.ts';
import { createPkcePair, createState } from '../pkce.ts';
import { DEMO_PARENT_KAKAO_ID, demoPersons } from './demo-persons.ts';
import { registerKakaoEmulator, type KakaoEmulator } from './kakao-emulator.ts';

const PREFIX = '/_emulator/kakao';
const BASE = `http://emulator.local${PREFIX}`;
const CLIENT_ID = 'test-rest-api-key';
const REDIRECT = 'https://app.example/login/callback';
const START = '2026-11-20T03:00:00.000Z';
const UNDER_AGE_ID = '5173920486';
const NO_PHONE_ID = '6392048175';

const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://x');
  return `${parsed.pathname}${parsed.search}`;
};

async function kindOf(promise: Promise<unknown>): Promise<KakaoErrorKind> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(KakaoError);
  return (error as KakaoError).kind;
}

describe('Kakao emulator through the Kakao client', () => {
  const clock = manualClock(START);
  let app: FastifyInstance;
  let emulator: KakaoEmulator;
  let client: KakaoClient;

  beforeAll(async () => {
    app = Fastify();
    emulator = registerKakaoEmulator(app, { clientId: CLIENT_ID, clock: clock.now, persons: demoPersons });
    await app.ready();
    client = createKakaoClient({
      authBaseUrl: BASE,
      apiBaseUrl: BASE,
      clientId: CLIENT_ID,
      fetch: injectFetch(app),
    });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    clock.set(START);
    emulator.setDown(false);
  });

  /** The browser's trip to the authorize page, with PKCE and state as the server makes them. */
  async function authorize(loginHint?: string, redirectUri = REDIRECT) {
    const pkce = createPkcePair();
    const state = createState();
    const url = client.authorizeUrl({
      redirectUri,
      state,
      codeChallenge: pkce.challenge,
      ...(loginHint ? { loginHint } : {}),
    });
    const res = await app.inject({ method: 'GET', url: pathOf(url) });
    const location = typeof res.headers.location === 'string' ? new URL(res.headers.location) : null;
    return { res, pkce, state, location, code: location?.searchParams.get('code') ?? '' };
  }

  async function signIn(personId: string) {
    const { code, pkce } = await authorize(personId);
    return client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier });
  }

  it('runs the whole protocol: authorize with login_hint, token exchange, profile', async () => {
    const { res, state, location, code, pkce } = await authorize(DEMO_PARENT_KAKAO_ID);
    expect(res.statusCode).toBe(302);
    expect(`${location?.origin}${location?.pathname}`).toBe(REDIRECT);
    expect(location?.searchParams.get('state')).toBe(state);
    expect(code.length).toBeGreaterThanOrEqual(43);

    const tokens = await client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier });
    expect(tokens.expiresIn).toBe(21599);
    expect(tokens.accessToken).not.toBe(tokens.refreshToken);
    expect(tokens.scope).toBe('profile_nickname name birthyear birthday phone_number');

    const profile = await client.getProfile(tokens.accessToken);
    expect(profile).toEqual({
      kakaoId: DEMO_PARENT_KAKAO_ID,
      name: '김하늘',
      birthyear: '1988',
      birthday: '0417',
      phoneNumber: '+82 10-2481-3579',
    });
    expect(isAdult(profile, '2026-11-20')).toBe('ADULT');
  });

  it("answers /v2/user/me in Kakao's shape, by GET and by POST", async () => {
    const { accessToken } = await signIn(DEMO_PARENT_KAKAO_ID);
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: `${PREFIX}/v2/user/me`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatch(/^\{"id":4281937465,"connected_at":"2026-11-20T03:00:00Z",/);
      expect(res.json().kakao_account).toEqual({
        profile_nickname_needs_agreement: false,
        profile: { nickname: '김하늘', is_default_image: true },
        name_needs_agreement: false,
        name: '김하늘',
        age_range_needs_agreement: false,
        age_range: '30~39',
        birthyear_needs_agreement: false,
        birthyear: '1988',
        birthday_needs_agreement: false,
        birthday: '0417',
        birthday_type: 'SOLAR',
        is_leap_month: false,
        phone_number_needs_agreement: false,
        phone_number: '+82 10-2481-3579',
      });
    }
  });

  it('gives the under-19 and the phoneless demo persons the profiles the login flow must refuse', async () => {
    const young = await client.getProfile((await signIn(UNDER_AGE_ID)).accessToken);
    expect(young.name).toBe('이도윤');
    expect(isAdult(young, '2026-11-20')).toBe('UNDER_AGE');

    const { accessToken } = await signIn(NO_PHONE_ID);
    const phoneless = await client.getProfile(accessToken);
    expect(phoneless).toMatchObject({ kakaoId: NO_PHONE_ID, name: '박서진', phoneNumber: null });
    const raw = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v2/user/me`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(raw.json().kakao_account.phone_number_needs_agreement).toBe(true);
    expect(raw.json().kakao_account).not.toHaveProperty('phone_number');
  });

  it('refuses a reused code', async () => {
    const { code, pkce } = await authorize(DEMO_PARENT_KAKAO_ID);
    await client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier });
    expect(
      await kindOf(client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier })),
    ).toBe('INVALID_GRANT');
  });

  it('refuses an unknown code with KOE320', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${PREFIX}/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT,
        code: 'nope',
        code_verifier: 'v'.repeat(43),
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'authorization code not found for code=nope',
      error_code: 'KOE320',
    });
  });

  it('refuses a wrong PKCE verifier, and the code is spent afterwards', async () => {
    const { code, pkce } = await authorize(DEMO_PARENT_KAKAO_ID);
    const other = createPkcePair();
    expect(
      await kindOf(client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: other.verifier })),
    ).toBe('INVALID_GRANT');
    expect(
      await kindOf(client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier })),
    ).toBe('INVALID_GRANT');
  });

  it('refuses a different redirect URI with KOE303', async () => {
    const { code, pkce } = await authorize(DEMO_PARENT_KAKAO_ID);
    const promise = client.exchangeCode({
      code,
      redirectUri: 'https://evil.example/cb',
      codeVerifier: pkce.verifier,
    });
    const error = await promise.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(KakaoError);
    expect((error as KakaoError).kind).toBe('INVALID_GRANT');
    expect((error as KakaoError).kakaoCode).toBe('KOE303');
  });

  it('refuses another client id with invalid_client KOE010', async () => {
    const { code, pkce } = await authorize(DEMO_PARENT_KAKAO_ID);
    const stranger = createKakaoClient({
      authBaseUrl: BASE,
      apiBaseUrl: BASE,
      clientId: 'someone-else',
      fetch: injectFetch(app),
    });
    const error = await stranger
      .exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier })
      .catch((reason: unknown) => reason);
    expect((error as KakaoError).kind).toBe('INVALID_CLIENT');
    expect((error as KakaoError).status).toBe(401);
    expect((error as KakaoError).kakaoCode).toBe('KOE010');
    // The wrong client did not spend the code.
    await expect(
      client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('lets a code live 10 minutes at most', async () => {
    const fresh = await authorize(DEMO_PARENT_KAKAO_ID);
    clock.advance(9 * 60 * 1000);
    await expect(
      client.exchangeCode({ code: fresh.code, redirectUri: REDIRECT, codeVerifier: fresh.pkce.verifier }),
    ).resolves.toHaveProperty('accessToken');

    const stale = await authorize(DEMO_PARENT_KAKAO_ID);
    clock.advance(11 * 60 * 1000);
    expect(
      await kindOf(
        client.exchangeCode({ code: stale.code, redirectUri: REDIRECT, codeVerifier: stale.pkce.verifier }),
      ),
    ).toBe('INVALID_GRANT');
  });

  it('sends a person who denies consent back with access_denied and the state', async () => {
    const denier = emulator.createPerson({
      name: '최거부',
      birthyear: '1985',
      birthday: '0101',
      phoneNumber: '010-1111-2222',
      consent: 'denied',
    });
    const { res, state } = await authorize(denier.id);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `${REDIRECT}?error=access_denied&error_description=User%20denied%20access&state=${state}`,
    );
  });

  it('refuses a bad access token, and one older than 6 hours', async () => {
    expect(await kindOf(client.getProfile('not-a-token'))).toBe('INVALID_TOKEN');
    const res = await app.inject({ method: 'GET', url: `${PREFIX}/v2/user/me` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: 'this access token does not exist', code: -401 });

    const { accessToken } = await signIn(DEMO_PARENT_KAKAO_ID);
    clock.advance(6 * 60 * 60 * 1000 - 1000);
    await expect(client.getProfile(accessToken)).resolves.toHaveProperty('kakaoId', DEMO_PARENT_KAKAO_ID);
    clock.advance(2000);
    expect(await kindOf(client.getProfile(accessToken))).toBe('INVALID_TOKEN');
  });

  it('answers 503 while Kakao is down, switched over HTTP or in process', async () => {
    const { code, pkce } = await authorize(DEMO_PARENT_KAKAO_ID);
    const { accessToken } = await signIn(DEMO_PARENT_KAKAO_ID);

    const off = await app.inject({ method: 'POST', url: `${PREFIX}/test-controls`, payload: { down: true } });
    expect(off.json()).toEqual({ down: true });
    expect(emulator.isDown()).toBe(true);
    expect(
      await kindOf(client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier })),
    ).toBe('UNAVAILABLE');
    expect(await kindOf(client.getProfile(accessToken))).toBe('UNAVAILABLE');
    const raw = await app.inject({ method: 'POST', url: `${PREFIX}/oauth/token` });
    expect(raw.statusCode).toBe(503);

    emulator.setDown(false);
    await expect(client.getProfile(accessToken)).resolves.toHaveProperty('kakaoId');
    // A code tried while Kakao was down was never consumed.
    await expect(
      client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('forgets every token of a person after unlink', async () => {
    const first = await signIn(NO_PHONE_ID);
    const second = await signIn(NO_PHONE_ID);
    const info = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v1/user/access_token_info`,
      headers: { authorization: `Bearer ${first.accessToken}` },
    });
    expect(info.body).toBe(`{"id":${NO_PHONE_ID},"expires_in":21600,"app_id":1234567}`);

    expect(await client.unlink(first.accessToken)).toEqual({ kakaoId: NO_PHONE_ID });
    expect(await kindOf(client.getProfile(first.accessToken))).toBe('INVALID_TOKEN');
    expect(await kindOf(client.getProfile(second.accessToken))).toBe('INVALID_TOKEN');
    expect(await kindOf(client.unlink(first.accessToken))).toBe('INVALID_TOKEN');
  });

  it('expires only the used token at logout', async () => {
    const first = await signIn(UNDER_AGE_ID);
    const second = await signIn(UNDER_AGE_ID);
    expect(await client.logout(first.accessToken)).toEqual({ kakaoId: UNDER_AGE_ID });
    expect(await kindOf(client.getProfile(first.accessToken))).toBe('INVALID_TOKEN');
    await expect(client.getProfile(second.accessToken)).resolves.toHaveProperty('kakaoId', UNDER_AGE_ID);
  });

  it('keeps every digit of a 19-digit id end to end', async () => {
    const huge = emulator.createPerson({
      id: '9223372036854775807',
      name: '큰번호',
      birthyear: '1990',
      birthday: '1130',
      phoneNumber: '+82 10-9999-0000',
    });
    expect(huge.id).toBe('9223372036854775807');
    const { accessToken } = await signIn(huge.id);
    const raw = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v2/user/me`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(raw.body.startsWith('{"id":9223372036854775807,')).toBe(true);
    expect((await client.getProfile(accessToken)).kakaoId).toBe('9223372036854775807');
    expect(await client.unlink(accessToken)).toEqual({ kakaoId: '9223372036854775807' });
  });

  it('refuses ids that do not fit Kakao', () => {
    const person = { name: '가', birthyear: '1990', birthday: '0101' };
    expect(() => emulator.createPerson({ ...person, id: '9223372036854775808' })).toThrow(/invalid/);
    expect(() => emulator.createPerson({ ...person, id: '0123' })).toThrow(/invalid/);
    expect(() => emulator.createPerson({ ...person, id: DEMO_PARENT_KAKAO_ID })).toThrow(/exists/);
  });

  describe('test users over HTTP', () => {
    it('creates a person with a 10-digit id and lists it', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `${PREFIX}/test-users`,
        payload: { name: '정테스트', birthyear: '2000', birthday: '0229', phone_number: '01098765432' },
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      expect(id).toMatch(/^[1-9]\d{9}$/);
      const list = await app.inject({ method: 'GET', url: `${PREFIX}/test-users` });
      expect(list.json()).toContainEqual({
        id,
        name: '정테스트',
        birthyear: '2000',
        birthday: '0229',
        phone_number: '+82 10-9876-5432',
        consent: 'given',
      });
      const profile = await client.getProfile((await signIn(id)).accessToken);
      expect(profile.phoneNumber).toBe('+82 10-9876-5432');
    });

    it('accepts a person without a birth date, whose age cannot be proven', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `${PREFIX}/test-users`,
        payload: { name: '무생일', birthyear: null, birthday: null, phone_number: null },
      });
      const { id } = res.json();
      const { accessToken } = await signIn(id);
      const profile = await client.getProfile(accessToken);
      expect(profile).toMatchObject({ birthyear: null, birthday: null, phoneNumber: null });
      expect(isAdult(profile, '2026-11-20')).toBe('UNKNOWN');
    });

    it.each([
      ['no name', { birthyear: '1990', birthday: '0101' }],
      ['an empty name', { name: '  ', birthyear: '1990', birthday: '0101' }],
      ['a two-digit year', { name: '가', birthyear: '90', birthday: '0101' }],
      ['29 Feb of a common year', { name: '가', birthyear: '2023', birthday: '0229' }],
      ['month 13', { name: '가', birthyear: '1990', birthday: '1301' }],
      ['a number for the year', { name: '가', birthyear: 1990, birthday: '0101' }],
      [
        'a foreign phone number',
        { name: '가', birthyear: '1990', birthday: '0101', phone_number: '+1 415 555 0100' },
      ],
      ['an unknown consent', { name: '가', birthyear: '1990', birthday: '0101', consent: 'maybe' }],
      ['an unknown field', { name: '가', birthyear: '1990', birthday: '0101', admin: true }],
      ['a non-numeric id', { id: 'abc', name: '가', birthyear: '1990', birthday: '0101' }],
      ['an array', [1, 2]],
    ])('answers 400 to %s', async (_label, payload) => {
      const res = await app.inject({ method: 'POST', url: `${PREFIX}/test-users`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -2 });
    });

    it('answers 400 to bad JSON and 409 to a taken id', async () => {
      const bad = await app.inject({
        method: 'POST',
        url: `${PREFIX}/test-users`,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(bad.statusCode).toBe(400);
      const taken = await app.inject({
        method: 'POST',
        url: `${PREFIX}/test-users`,
        payload: { id: DEMO_PARENT_KAKAO_ID, name: '가', birthyear: '1990', birthday: '0101' },
      });
      expect(taken.statusCode).toBe(409);
      const controls = await app.inject({
        method: 'POST',
        url: `${PREFIX}/test-controls`,
        payload: { down: 'yes' },
      });
      expect(controls.statusCode).toBe(400);
    });
  });

  describe('send to me', () => {
    const SEND = `${PREFIX}/v2/api/talk/memo/default/send`;
    const text = (body: string) => ({
      object_type: 'text',
      text: body,
      link: { web_url: 'https://app.example' },
    });
    const messagesOf = async (id: string) =>
      app.inject({ method: 'GET', url: `${PREFIX}/test-users/${id}/messages` });
    const form = (accessToken: string | null, payload: string) =>
      app.inject({
        method: 'POST',
        url: SEND,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        payload,
      });

    it('keeps each person’s messages, newest last, and answers result_code 0', async () => {
      const { id } = (
        await app.inject({
          method: 'POST',
          url: `${PREFIX}/test-users`,
          payload: { name: '메시지', birthyear: '1990', birthday: '0101', phone_number: '010-1111-2222' },
        })
      ).json();
      expect((await messagesOf(id)).json()).toEqual([]);
      const { accessToken } = await signIn(id);

      expect(await client.sendToMe(accessToken, text('첫 번째 & 100%'))).toEqual({ ok: true });
      clock.advance(60_000);
      const raw = await form(
        accessToken,
        new URLSearchParams({ template_object: JSON.stringify(text('두 번째')) }).toString(),
      );
      expect(raw.statusCode).toBe(200);
      expect(raw.json()).toEqual({ result_code: 0 });

      const listed = await messagesOf(id);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([
        { template_object: text('첫 번째 & 100%'), sent_at: START },
        { template_object: text('두 번째'), sent_at: '2026-11-20T03:01:00.000Z' },
      ]);
      expect(emulator.messagesOf(id).map((message) => message.templateObject.text)).toEqual([
        '첫 번째 & 100%',
        '두 번째',
      ]);
      // Another person's list is untouched.
      expect(emulator.messagesOf(UNDER_AGE_ID)).toEqual([]);
    });

    it("answers Kakao's 401 body to a missing, unknown or expired token", async () => {
      for (const token of [null, 'not-a-token']) {
        const res = await form(token, `template_object=${encodeURIComponent('{"object_type":"text"}')}`);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ msg: 'this access token does not exist', code: -401 });
      }
      expect(await kindOf(client.sendToMe('not-a-token', text('x')))).toBe('INVALID_TOKEN');
      const { accessToken } = await signIn(NO_PHONE_ID);
      clock.advance(6 * 60 * 60 * 1000 + 1000);
      expect(await kindOf(client.sendToMe(accessToken, text('x')))).toBe('INVALID_TOKEN');
      expect(emulator.messagesOf(NO_PHONE_ID)).toEqual([]);
    });

    it.each([
      ['no template_object', ''],
      ['an empty template_object', 'template_object='],
      ['a template_object that is not JSON', 'template_object=%7Bnope'],
      ['a template_object that is no JSON object', 'template_object=%5B1%2C2%5D'],
      ['two template_object fields', 'template_object=%7B%7D&template_object=%7B%7D'],
    ])('answers 400 with code -2 to %s', async (_label, payload) => {
      const { accessToken } = await signIn(UNDER_AGE_ID);
      const res = await form(accessToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -2, msg: expect.stringContaining('template_object') });
      expect(emulator.messagesOf(UNDER_AGE_ID)).toEqual([]);
    });

    it('answers 400 to a JSON body and 503 while Kakao is down', async () => {
      const { accessToken } = await signIn(UNDER_AGE_ID);
      const asJson = await app.inject({
        method: 'POST',
        url: SEND,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { template_object: '{"object_type":"text"}' },
      });
      expect(asJson.statusCode).toBe(400);
      emulator.setDown(true);
      expect(await kindOf(client.sendToMe(accessToken, text('x')))).toBe('UNAVAILABLE');
      expect(emulator.messagesOf(UNDER_AGE_ID)).toEqual([]);
    });

    it('answers 404 for the messages of an unknown person', async () => {
      const res = await messagesOf('1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: -2 });
    });

    it('never fails with a 5xx on an arbitrary template_object', async () => {
      const { accessToken } = await signIn(UNDER_AGE_ID);
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.string(), fc.json()), async (value) => {
          const res = await form(accessToken, new URLSearchParams({ template_object: value }).toString());
          expect([200, 400]).toContain(res.statusCode);
        }),
        { numRuns: 100 },
      );
    });
  });

  it('never fails with a 5xx on arbitrary bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (payload) => {
        const res = await app.inject({
          method: 'POST',
          url: `${PREFIX}/test-users`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect([201, 400, 409]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
    const form = fc.dictionary(
      fc.constantFrom(
        'grant_type',
        'client_id',
        'redirect_uri',
        'code',
        'code_verifier',
        'action',
        'person_id',
      ),
      fc.oneof(fc.string(), fc.constant(CLIENT_ID), fc.constant('authorization_code')),
    );
    await fc.assert(
      fc.asyncProperty(
        form,
        fc.constantFrom('/oauth/token', '/oauth/authorize/decide'),
        async (fields, path) => {
          const res = await app.inject({
            method: 'POST',
            url: `${PREFIX}${path}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(fields).toString(),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  describe('the authorize page', () => {
    const query = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 'st"ate<x>',
        code_challenge: createPkcePair().challenge,
        code_challenge_method: 'S256',
        ...extra,
      });

    it('lists the test persons in an accessible Korean page and escapes what it shows', async () => {
      emulator.createPerson({ name: '<script>alert(1)</script>', birthyear: '1991', birthday: '0303' });
      const res = await app.inject({ method: 'GET', url: `${PREFIX}/oauth/authorize?${query()}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const html = res.body;
      expect(html).toContain('<html lang="ko">');
      expect(html).toContain('name="viewport"');
      expect(html).toContain('김하늘');
      expect(html).toContain('1988-04-17');
      expect(html).toContain('+82 10-2481-3579');
      expect(html).toContain('박서진');
      expect(html).toContain('전화번호 없음');
      expect(html).toContain('만 16세');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
      expect(html).toContain('value="st&quot;ate&lt;x&gt;"');
      expect(html).toContain('<input type="date" id="new-birth" name="new_birth_date"');
      expect(html).toContain('<label for="new-name">이름</label>');
      expect(html).toContain('전화번호 제공 안 함');
      expect(html).toMatch(/value="given"[^>]*checked> 동의/);
      expect(html).toContain('> 거부');
      expect(html).toContain('>취소</button>');
      expect(html).toContain(`action="${PREFIX}/oauth/authorize/decide"`);
    });

    it('shows KOE101 for a wrong client id and KOE006 for a bad redirect', async () => {
      const wrongKey = await app.inject({
        method: 'GET',
        url: `${PREFIX}/oauth/authorize?${query({ client_id: 'wrong' })}`,
      });
      expect(wrongKey.statusCode).toBe(400);
      expect(wrongKey.body).toContain('KOE101');
      for (const redirect of ['', 'javascript:alert(1)', '/relative', 'https://a.example/cb#frag']) {
        const res = await app.inject({
          method: 'GET',
          url: `${PREFIX}/oauth/authorize?${query({ redirect_uri: redirect })}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('KOE006');
      }
      const token = await app.inject({
        method: 'GET',
        url: `${PREFIX}/oauth/authorize?${query({ response_type: 'token' })}`,
      });
      expect(token.statusCode).toBe(400);
      const plain = await app.inject({
        method: 'GET',
        url: `${PREFIX}/oauth/authorize?${query({ code_challenge_method: 'plain' })}`,
      });
      expect(plain.statusCode).toBe(400);
    });

    it('answers login_required to prompt=none without a known person', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `${PREFIX}/oauth/authorize?${query({ prompt: 'none', state: 's1' })}`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `${REDIRECT}?error=login_required&error_description=user%20authentication%20required.&state=s1`,
      );
    });

    const decide = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `${PREFIX}/oauth/authorize/decide`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });

    it('logs a picked person in with a code bound to the PKCE challenge', async () => {
      const pkce = createPkcePair();
      const fields = Object.fromEntries(query({ code_challenge: pkce.challenge, state: 'pick' }));
      const res = await decide({ ...fields, action: 'select', person_id: DEMO_PARENT_KAKAO_ID });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.searchParams.get('state')).toBe('pick');
      const tokens = await client.exchangeCode({
        code: location.searchParams.get('code') ?? '',
        redirectUri: REDIRECT,
        codeVerifier: pkce.verifier,
      });
      expect((await client.getProfile(tokens.accessToken)).kakaoId).toBe(DEMO_PARENT_KAKAO_ID);
    });

    it('creates a person from the form, without a phone number when asked', async () => {
      const pkce = createPkcePair();
      const fields = Object.fromEntries(query({ code_challenge: pkce.challenge }));
      const res = await decide({
        ...fields,
        action: 'create',
        new_name: '한새봄',
        new_birth_date: '2004-02-29',
        new_phone: '010-5555-6666',
        new_no_phone: 'on',
        new_consent: 'given',
      });
      expect(res.statusCode).toBe(302);
      const code = new URL(String(res.headers.location)).searchParams.get('code') ?? '';
      const tokens = await client.exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier });
      const profile = await client.getProfile(tokens.accessToken);
      expect(profile).toMatchObject({
        name: '한새봄',
        birthyear: '2004',
        birthday: '0229',
        phoneNumber: null,
      });
      expect(profile.kakaoId).toMatch(/^\d{10}$/);
      expect(isAdult(profile, '2023-02-28')).toBe('UNDER_AGE');
      expect(isAdult(profile, '2023-03-01')).toBe('ADULT');
    });

    it('returns access_denied for a created person who refuses, and for 취소', async () => {
      const fields = Object.fromEntries(query({ state: 'no' }));
      const denied = await decide({
        ...fields,
        action: 'create',
        new_name: '거부자',
        new_birth_date: '1990-01-01',
        new_phone: '',
        new_consent: 'denied',
      });
      expect(denied.headers.location).toBe(
        `${REDIRECT}?error=access_denied&error_description=User%20denied%20access&state=no`,
      );
      const cancelled = await decide({ ...fields, action: 'cancel' });
      expect(cancelled.statusCode).toBe(302);
      expect(cancelled.headers.location).toBe(denied.headers.location);
    });

    it('shows the page again with a Korean message for bad form input', async () => {
      const fields = Object.fromEntries(query());
      const badPhone = await decide({
        ...fields,
        action: 'create',
        new_name: '<b>이름</b>',
        new_birth_date: '1990-01-01',
        new_phone: '12345',
        new_consent: 'given',
      });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.body).toContain('role="alert"');
      expect(badPhone.body).toContain('전화번호는');
      expect(badPhone.body).toContain('value="&lt;b&gt;이름&lt;/b&gt;"');

      const badDate = await decide({
        ...fields,
        action: 'create',
        new_name: '가',
        new_birth_date: '1990-02-30',
      });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.body).toContain('생년월일이 올바르지 않습니다.');

      const unknown = await decide({ ...fields, action: 'select', person_id: '1' });
      expect(unknown.statusCode).toBe(400);

      const forged = await decide({
        ...fields,
        client_id: 'wrong',
        action: 'select',
        person_id: DEMO_PARENT_KAKAO_ID,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain('KOE101');
    });
  });
});

describe('Kakao emulator options', () => {
  it('starts with the demo persons, and demands the secret and registered redirect URIs when configured', async () => {
    const app = Fastify();
    const clock = manualClock(START);
    const emulator = registerKakaoEmulator(app, {
      prefix: '/kakao/',
      clientId: CLIENT_ID,
      clientSecret: 'shh',
      redirectUris: [REDIRECT],
      clock: clock.now,
    });
    await app.ready();
    expect(emulator.listPersons().map((person) => person.name)).toEqual([
      '김하늘',
      '장수아',
      '이도윤',
      '박서진',
    ]);
    expect(emulator.prefix).toBe('/kakao');
    const bare = Fastify();
    expect(
      registerKakaoEmulator(bare, { clientId: CLIENT_ID, clock: clock.now, persons: [] }).listPersons(),
    ).toEqual([]);
    const base = 'http://emulator.local/kakao';
    const make = (clientSecret: string | null) =>
      createKakaoClient({
        authBaseUrl: base,
        apiBaseUrl: base,
        clientId: CLIENT_ID,
        clientSecret,
        fetch: injectFetch(app),
      });

    const pkce = createPkcePair();
    const unregistered = await app.inject({
      method: 'GET',
      url: pathOf(
        make('shh').authorizeUrl({
          redirectUri: 'https://other.example/cb',
          state: 's',
          codeChallenge: pkce.challenge,
          loginHint: DEMO_PARENT_KAKAO_ID,
        }),
      ),
    });
    expect(unregistered.body).toContain('KOE006');

    const login = await app.inject({
      method: 'GET',
      url: pathOf(
        make('shh').authorizeUrl({
          redirectUri: REDIRECT,
          state: 's',
          codeChallenge: pkce.challenge,
          loginHint: DEMO_PARENT_KAKAO_ID,
        }),
      ),
    });
    const code = new URL(String(login.headers.location)).searchParams.get('code') ?? '';
    expect(
      await kindOf(make(null).exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier })),
    ).toBe('INVALID_CLIENT');
    await expect(
      make('shh').exchangeCode({ code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }),
    ).resolves.toHaveProperty('accessToken');
    await app.close();
  });
});
