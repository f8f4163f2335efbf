import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store persists to sessionStorage; node has none, so the test brings a small one.
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

const { accountTypeOf, hasPendingAgreement, isLoggedIn, useSessionStore } =
  await import('./session-store.ts');

const userInfo = {
  userId: '7',
  id: '4281937465',
  loginKey: 'key==',
  userNm: '김하늘',
  alias: '하늘맘',
  userStatus: 'USER' as const,
  userType: 'PARENT' as const,
};
const tokens = { access: { token: 't', expires: 1 } };

describe('session store', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('keeps only the Kakao token while consent is pending, and nobody is logged in', () => {
    useSessionStore.getState().setLogin({ userInfo, tokens, kakaoToken: { access_token: 'old' } });
    useSessionStore.getState().setPendingAgreement({ access_token: 'k' });
    const state = useSessionStore.getState();
    expect(state.kakaoToken).toEqual({ access_token: 'k' });
    expect(state.userInfo).toBeNull();
    expect(isLoggedIn(state)).toBe(false);
    expect(hasPendingAgreement(state)).toBe(true);
  });

  it('clears the Kakao token and the pin user on a children login (spec §4)', () => {
    useSessionStore
      .getState()
      .setLogin({ userInfo, tokens, kakaoToken: { access_token: 'k' }, pinUser: { result: 'Y' } });
    useSessionStore
      .getState()
      .setChildrenLogin({ userInfo: { ...userInfo, userType: 'CHILD', loginKey: '' }, tokens });
    const state = useSessionStore.getState();
    expect(state.kakaoToken).toBeNull();
    expect(state.pinUser).toBeNull();
    expect(isLoggedIn(state)).toBe(true);
    expect(hasPendingAgreement(state)).toBe(false);
  });

  it('persists under the key user, in the shape of spec §3', () => {
    useSessionStore
      .getState()
      .setLogin({ userInfo, tokens, kakaoToken: { access_token: 'k' }, pinUser: { result: 'N' } });
    const stored = JSON.parse(sessionStorage.getItem('user') ?? '{}') as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(['kakaoToken', 'pinUser', 'tokens', 'userInfo']);
  });

  it('reads an older stored session without userType', async () => {
    const { userType: _userType, ...older } = userInfo;
    sessionStorage.setItem(
      'user',
      JSON.stringify({
        state: { userInfo: older, tokens, kakaoToken: null, pinUser: { result: 'Y' } },
        version: 0,
      }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().userInfo?.userId).toBe('7');
  });

  it('drops a stored session that does not match the contract', async () => {
    sessionStorage.setItem(
      'user',
      JSON.stringify({
        state: { userInfo: { userId: 7 }, tokens, kakaoToken: null, pinUser: null },
        version: 0,
      }),
    );
    useSessionStore.getState().clear();
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().userInfo).toBeNull();
  });
});

describe('accountTypeOf', () => {
  it('reads the userType, or tells older sessions apart by the loginKey', () => {
    expect(accountTypeOf({ userType: 'CHILD', loginKey: 'x' })).toBe('CHILD');
    expect(accountTypeOf({ loginKey: '' })).toBe('CHILD');
    expect(accountTypeOf({ loginKey: 'key==' })).toBe('PARENT');
  });
});
