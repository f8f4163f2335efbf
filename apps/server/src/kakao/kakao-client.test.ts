import { describe, expect, it } from 'vitest';
import { createKakaoClient, KakaoError, toDomesticPhoneNumber, type KakaoErrorKind } from './kakao-client.ts';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

function stub(answer: (seen: Seen) => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const seen = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.text() : '',
    };
    calls.push(seen);
    return answer(seen);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function clientWith(
  fetch: typeof globalThis.fetch,
  extra: { clientSecret?: string; timeoutMs?: number } = {},
) {
  return createKakaoClient({
    authBaseUrl: 'https://kauth.example/',
    apiBaseUrl: 'https://kapi.example',
    clientId: 'rest-key',
    fetch,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<KakaoError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(KakaoError);
  return error as KakaoError;
}

const ACCESS = 'secret-access-token-0123456789';
const CODE = 'secret-authorization-code-abcdef';

describe('Kakao client', () => {
  it('builds the authorize URL with state and the S256 challenge', () => {
    const url = new URL(
      clientWith(stub(() => json(200, {})).fetch).authorizeUrl({
        redirectUri: 'https://app.example/login/callback',
        state: 'st ate',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        loginHint: '4281937465',
        prompt: 'login',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://kauth.example/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'rest-key',
      redirect_uri: 'https://app.example/login/callback',
      response_type: 'code',
      state: 'st ate',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      login_hint: '4281937465',
      prompt: 'login',
    });
  });

  it('keeps a relative base URL relative (the emulator on the same origin)', () => {
    const client = createKakaoClient({
      authBaseUrl: '/_emulator/kakao',
      apiBaseUrl: '/_emulator/kakao',
      clientId: 'k',
      fetch: stub(() => json(200, {})).fetch,
    });
    const url = client.authorizeUrl({ redirectUri: 'http://a/cb', state: 's', codeChallenge: 'c' });
    expect(url.startsWith('/_emulator/kakao/oauth/authorize?client_id=k&')).toBe(true);
    expect(url).not.toContain('login_hint');
  });

  it('posts the token form with the verifier and the secret, and reads the tokens', async () => {
    const { fetch, calls } = stub(() =>
      json(200, {
        token_type: 'bearer',
        access_token: 'a',
        expires_in: 21599,
        refresh_token: 'r',
        refresh_token_expires_in: 5183999,
        scope: 'name phone_number',
      }),
    );
    const tokens = await clientWith(fetch, { clientSecret: 'shh' }).exchangeCode({
      code: CODE,
      redirectUri: 'https://app.example/cb',
      codeVerifier: 'v'.repeat(43),
    });
    expect(tokens).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresIn: 21599,
      scope: 'name phone_number',
    });
    const [call] = calls;
    expect(call?.url).toBe('https://kauth.example/oauth/token');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'rest-key',
      redirect_uri: 'https://app.example/cb',
      code: CODE,
      code_verifier: 'v'.repeat(43),
      client_secret: 'shh',
    });
  });

  it('sends no client_secret when none is configured and accepts a missing scope', async () => {
    const { fetch, calls } = stub(() => json(200, { access_token: 'a', expires_in: 1, refresh_token: 'r' }));
    const tokens = await clientWith(fetch).exchangeCode({ code: 'c', redirectUri: 'u', codeVerifier: 'v' });
    expect(tokens.scope).toBeNull();
    expect(new URLSearchParams(calls[0]?.body).has('client_secret')).toBe(false);
  });

  it.each<[number, unknown, KakaoErrorKind, string | null]>([
    [
      400,
      { error: 'invalid_grant', error_description: `not found for code=${CODE}`, error_code: 'KOE320' },
      'INVALID_GRANT',
      'KOE320',
    ],
    [400, { error: 'invalid_grant', error_code: 'KOE303' }, 'INVALID_GRANT', 'KOE303'],
    [401, { error: 'invalid_client', error_code: 'KOE010' }, 'INVALID_CLIENT', 'KOE010'],
    [400, { error: 'invalid_client' }, 'INVALID_CLIENT', 'invalid_client'],
    [401, 'not json', 'INVALID_CLIENT', null],
    [400, { error: 'invalid_request' }, 'PROTOCOL', 'invalid_request'],
    [500, { error: 'server_error' }, 'UNAVAILABLE', 'server_error'],
    [503, '<html>down</html>', 'UNAVAILABLE', null],
    [429, {}, 'UNAVAILABLE', null],
    [200, { access_token: 'a' }, 'PROTOCOL', null],
    [200, 'not json', 'PROTOCOL', null],
  ])('maps a token answer %i %j to %s', async (status, body, kind, kakaoCode) => {
    const client = clientWith(stub(() => json(status, body)).fetch);
    const error = await failure(client.exchangeCode({ code: CODE, redirectUri: 'u', codeVerifier: 'v' }));
    expect(error.kind).toBe(kind);
    expect(error.kakaoCode).toBe(kakaoCode);
    expect(error.message).not.toContain(CODE);
  });

  it('reads the profile with the exact 19-digit id and nulls for missing fields', async () => {
    const text =
      '{"id":9223372036854775807,"connected_at":"2022-04-11T01:45:28Z","kakao_account":{"name_needs_agreement":false,"name":"홍길동","birthyear_needs_agreement":false,"birthyear":"1990","birthday_needs_agreement":false,"birthday":"1130","phone_number_needs_agreement":true}}';
    const { fetch, calls } = stub(() => json(200, text));
    const profile = await clientWith(fetch).getProfile(ACCESS);
    expect(profile).toEqual({
      kakaoId: '9223372036854775807',
      name: '홍길동',
      birthyear: '1990',
      birthday: '1130',
      phoneNumber: null,
    });
    expect(calls[0]?.url).toBe('https://kapi.example/v2/user/me');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${ACCESS}`);
  });

  it('reads a profile without kakao_account as all nulls', async () => {
    const profile = await clientWith(stub(() => json(200, '{"id":42}')).fetch).getProfile(ACCESS);
    expect(profile).toEqual({
      kakaoId: '42',
      name: null,
      birthyear: null,
      birthday: null,
      phoneNumber: null,
    });
  });

  it.each<[number, unknown, KakaoErrorKind]>([
    [401, { msg: 'this access token does not exist', code: -401 }, 'INVALID_TOKEN'],
    [400, { msg: 'x', code: -401 }, 'INVALID_TOKEN'],
    [401, '', 'INVALID_TOKEN'],
    [503, { msg: 'down', code: -7 }, 'UNAVAILABLE'],
    [400, { msg: 'maintenance', code: -7 }, 'UNAVAILABLE'],
    [502, 'bad gateway', 'UNAVAILABLE'],
    [403, { msg: 'insufficient scopes', code: -402 }, 'PROTOCOL'],
    [200, '{"kakao_account":{}}', 'PROTOCOL'],
    [200, '{"id":"abc"}', 'PROTOCOL'],
    [200, '[1,2]', 'PROTOCOL'],
    [200, 'not json', 'PROTOCOL'],
    [200, '{"id":1,"kakao_account":"nope"}', 'PROTOCOL'],
  ])('maps a profile answer %i %j to %s', async (status, body, kind) => {
    const error = await failure(clientWith(stub(() => json(status, body)).fetch).getProfile(ACCESS));
    expect(error.kind).toBe(kind);
    expect(error.message).not.toContain(ACCESS);
  });

  it('refuses an empty access token without calling Kakao', async () => {
    const { fetch, calls } = stub(() => json(200, '{"id":1}'));
    expect((await failure(clientWith(fetch).getProfile(''))).kind).toBe('INVALID_TOKEN');
    expect(calls).toHaveLength(0);
  });

  it('unlinks and logs out with POST and returns the id as a string', async () => {
    const { fetch, calls } = stub(() => json(200, '{"id":1234567890123456789}'));
    const client = clientWith(fetch);
    expect(await client.unlink(ACCESS)).toEqual({ kakaoId: '1234567890123456789' });
    expect(await client.logout(ACCESS)).toEqual({ kakaoId: '1234567890123456789' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST https://kapi.example/v1/user/unlink',
      'POST https://kapi.example/v1/user/logout',
    ]);
  });

  it('sends a message to me as a form with the template as JSON text', async () => {
    const { fetch, calls } = stub(() => json(200, { result_code: 0 }));
    const template = {
      object_type: 'text',
      text: '오늘의 미션 🎉 & 100%',
      link: { web_url: 'https://a/b?c=d' },
    };
    expect(await clientWith(fetch).sendToMe(ACCESS, template)).toEqual({ ok: true });
    const [call] = calls;
    expect(`${call?.method} ${call?.url}`).toBe('POST https://kapi.example/v2/api/talk/memo/default/send');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${ACCESS}`);
    expect(call?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(call?.body);
    expect([...form.keys()]).toEqual(['template_object']);
    expect(JSON.parse(form.get('template_object') ?? '')).toEqual(template);
  });

  it.each<[number, unknown, KakaoErrorKind]>([
    [401, { msg: 'this access token does not exist', code: -401 }, 'INVALID_TOKEN'],
    [400, { msg: 'template_object must not be null', code: -2 }, 'PROTOCOL'],
    [403, { msg: 'insufficient scopes', code: -402 }, 'PROTOCOL'],
    [503, { msg: 'down', code: -7 }, 'UNAVAILABLE'],
    [200, { result_code: -1 }, 'PROTOCOL'],
    [200, '{}', 'PROTOCOL'],
    [200, 'not json', 'PROTOCOL'],
  ])('maps a send-to-me answer %i %j to %s', async (status, body, kind) => {
    const error = await failure(clientWith(stub(() => json(status, body)).fetch).sendToMe(ACCESS, {}));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(/^Kakao memo /);
    expect(error.message).not.toContain(ACCESS);
  });

  it('refuses to send a message without an access token, without calling Kakao', async () => {
    const { fetch, calls } = stub(() => json(200, { result_code: 0 }));
    expect((await failure(clientWith(fetch).sendToMe('', { object_type: 'text' }))).kind).toBe(
      'INVALID_TOKEN',
    );
    expect(calls).toHaveLength(0);
  });

  it('maps a network failure to UNAVAILABLE', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    const error = await failure(clientWith(fetch).getProfile(ACCESS));
    expect(error.kind).toBe('UNAVAILABLE');
    expect(error.status).toBeNull();
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('gives up after the time-out', async () => {
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof globalThis.fetch;
    const started = Date.now();
    const error = await failure(
      clientWith(fetch, { timeoutMs: 30 }).exchangeCode({ code: CODE, redirectUri: 'u', codeVerifier: 'v' }),
    );
    expect(error.kind).toBe('UNAVAILABLE');
    expect(error.message).toContain('timed out after 30 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('toDomesticPhoneNumber', () => {
  it('turns Kakao’s international form into domestic digits', () => {
    expect(toDomesticPhoneNumber('+82 10-1234-5678')).toBe('01012345678');
    expect(toDomesticPhoneNumber('+82 010-1234-5678')).toBe('01012345678');
    expect(toDomesticPhoneNumber('+82 16-123-4567')).toBe('0161234567');
    expect(toDomesticPhoneNumber('+1 415-555-0100')).toBeNull();
    expect(toDomesticPhoneNumber('')).toBeNull();
  });
});
