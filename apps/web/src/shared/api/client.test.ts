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
