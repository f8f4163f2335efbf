import { operatorLogoutEndpoint } from '@hamkke/contract/admin/auth';
import { ADMIN_API_PREFIX, CSRF_HEADER } from '@hamkke/contract/admin/endpoint';
import { myInfoEndpoint, totalUserMissionEndpoint } from '@hamkke/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const endSession = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../session/end-session.ts', () => ({ endSession }));
// The session store persists to sessionStorage; node has none.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  } as Storage;
});

const { callApi } = await import('./client.ts');
const { downloadFile } = await import('./download.ts');
const { ApiError } = await import('./api-error.ts');
const { useSessionStore } = await import('../stores/session-store.ts');

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
const consoleScope = { prefix: ADMIN_API_PREFIX, headers: () => ({ [CSRF_HEADER]: 'csrf-1' }) };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fetchMock.mockReset();
  endSession.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('the one client', () => {
  it("calls an app endpoint under the app's prefix and unwraps the answer", async () => {
    fetchMock.mockReturnValue(answer(200, { response: { totalMissionCnt: 3, totalUserCnt: 2 } }));
    await expect(callApi(totalUserMissionEndpoint, {})).resolves.toEqual({
      totalMissionCnt: 3,
      totalUserCnt: 2,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/api/front/common/total-user-mission');
    expect(init?.method).toBe('POST');
  });

  it("calls a console endpoint with the console's scope: its prefix and CSRF header, no Bearer token", async () => {
    fetchMock.mockReturnValue(answer(200, { response: { loggedOut: true } }));
    await expect(callApi(operatorLogoutEndpoint, {}, { scope: consoleScope })).resolves.toEqual({
      loggedOut: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/api/admin/auth/logout');
    expect(init?.headers).toMatchObject({ [CSRF_HEADER]: 'csrf-1' });
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it("ends the app's session on a 401 of an app call, never on a console call's", async () => {
    const unauthorized = { error: { code: 'UNAUTHORIZED', message: 'no session' } };
    fetchMock.mockImplementation(() => answer(401, unauthorized));
    await expect(callApi(operatorLogoutEndpoint, {}, { scope: consoleScope })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    });
    expect(endSession).not.toHaveBeenCalled();
    await expect(callApi(totalUserMissionEndpoint, {})).rejects.toBeInstanceOf(ApiError);
    expect(endSession).toHaveBeenCalledWith('unauthorized');
  });

  it('refuses a call that needs a session when there is none, before asking', async () => {
    await expect(callApi(myInfoEndpoint, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("holds answers to the contract in development and tests, the app's and the console's", async () => {
    fetchMock.mockImplementation(() => answer(200, { response: { totalMissionCnt: 'many' } }));
    await expect(callApi(totalUserMissionEndpoint, {})).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(callApi(operatorLogoutEndpoint, {}, { scope: consoleScope })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});

/** Issue 27 item 3: a 401 that ends the session mid-call is not logged as a malformed answer. */
describe('a call whose session ends while it runs', () => {
  const userInfo = {
    userId: '7',
    id: 'kakao-7',
    loginKey: 'key-7',
    userNm: '하늘맘',
    alias: '하늘맘',
    userStatus: 'USER',
    userType: 'PARENT',
  } as const;
  /** An answer whose body breaks off, as a read cancelled by the caller's or the session's end does. */
  const brokenAnswer = () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  const envelopeLogged = () =>
    vi.mocked(console.error).mock.calls.some((call) => String(call[0]).includes("not the API's envelope"));

  beforeEach(() => {
    useSessionStore.getState().setLogin({
      userInfo: userInfo as never,
      tokens: { access: { token: 'token-7', expires: Date.now() + 60_000 } },
    });
  });

  it('throws the cancel, unlogged, when its query was cancelled while the answer was read', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      return brokenAnswer();
    });
    await expect(callApi(totalUserMissionEndpoint, {}, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('answers 401 without logging "not the envelope" when another call’s 401 ended the session', async () => {
    fetchMock.mockImplementation(async () => {
      // Another call's 401 ended the session while this answer was on its way.
      useSessionStore.getState().clear();
      return brokenAnswer();
    });
    await expect(callApi(myInfoEndpoint, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(envelopeLogged()).toBe(false);
    expect(console.error).not.toHaveBeenCalled();
    // The session is already over: nothing is ended twice.
    expect(endSession).not.toHaveBeenCalled();
  });

  it('answers 401, unlogged, when a proxy page comes back for a session that has ended', async () => {
    fetchMock.mockImplementation(async () => {
      useSessionStore.getState().clear();
      return new Response('<html>login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    });
    await expect(callApi(myInfoEndpoint, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(envelopeLogged()).toBe(false);
  });

  it('still reports a malformed answer while the session lasts', async () => {
    fetchMock.mockImplementation(async () => brokenAnswer());
    await expect(callApi(myInfoEndpoint, {})).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(envelopeLogged()).toBe(true);
  });
});

/** Issue 44 item 4: a file (the data export's ZIP) comes through the client too (download.ts). */
describe('a download through the client', () => {
  beforeEach(() => {
    useSessionStore.getState().setLogin({
      userInfo: {
        userId: '7',
        id: 'kakao-7',
        loginKey: 'key-7',
        userNm: '하늘맘',
        alias: '하늘맘',
        userStatus: 'USER',
        userType: 'PARENT',
      } as never,
      tokens: { access: { token: 'token-7', expires: Date.now() + 60_000 } },
    });
  });

  it('GETs the path with the session headers and answers the bytes', async () => {
    fetchMock.mockImplementation(async () => new Response('PK-zip', { status: 200 }));
    const blob = await downloadFile('/v1/exports/e-1', { auth: 'pin' });
    expect(await blob.text()).toBe('PK-zip');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/exports/e-1');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-7' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('reads the error envelope, and a 401 ends the session', async () => {
    fetchMock.mockImplementation(() => answer(404, { error: { code: 'NOT_FOUND', message: 'gone' } }));
    await expect(downloadFile('/v1/exports/e-1', { auth: 'pin' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(endSession).not.toHaveBeenCalled();
    fetchMock.mockImplementation(() => answer(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }));
    await expect(downloadFile('/v1/exports/e-1', { auth: 'pin' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(endSession).toHaveBeenCalledWith('unauthorized');
  });

  it('gives up with NETWORK when the answer does not start in time', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    await expect(downloadFile('/v1/exports/e-1', { auth: 'pin', timeoutMs: 10 })).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
    });
  });

  it('refuses without a session, before asking', async () => {
    useSessionStore.getState().clear();
    await expect(downloadFile('/v1/exports/e-1', { auth: 'pin' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
