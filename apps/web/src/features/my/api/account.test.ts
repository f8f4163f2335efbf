import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const endSession = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@/shared/session/end-session.ts', () => ({ endSession }));
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

const { sessionBody } = await import('@/shared/api/client.ts');
const { useSessionStore } = await import('@/shared/stores/session-store.ts');
const { myInfoQueryOptions } = await import('./account.ts');

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

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

describe('my account calls', () => {
  it("sends spec §7's body {userId, loginKey} to my/myinfo (decision 035)", async () => {
    expect(sessionBody()).toEqual({});
    useSessionStore.getState().setLogin({
      userInfo: {
        userId: '7',
        id: 'kakao-7',
        loginKey: 'c2VlZA==',
        userNm: '김부모',
        alias: '엄마',
        userStatus: 'USER',
        userType: 'PARENT',
      },
      tokens: { access: { token: 'token-7', expires: Date.now() + 3_600_000 } },
    });
    expect(sessionBody()).toEqual({ userId: '7', loginKey: 'c2VlZA==' });
    fetchMock.mockReturnValue(
      answer(200, {
        response: {
          userId: '7',
          id: 'kakao-7',
          loginKey: 'c2VlZA==',
          userNm: '김부모',
          alias: '엄마',
          userStatus: 'USER',
          userType: 'PARENT',
          maskedPhone: null,
          birthDate: null,
          pinUser: { result: 'Y' },
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      }),
    );
    const queryFn = myInfoQueryOptions('7').queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
    await queryFn({ signal: new AbortController().signal });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1/api/front/my/myinfo');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: '7', loginKey: 'c2VlZA==' });
  });
});
