import type {
  KakaoToken,
  PinUser,
  Tokens,
  UserInfo as ContractUserInfo,
} from '@hamkke/contract/login/session';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readPersistedSession, type PersistedSession, type UserInfo } from './persisted-session.ts';

/** The session user, persisted to sessionStorage under `user` (spec §3), in the contract's shapes. */

export type { KakaoToken, PinUser, UserInfo };
export type SessionTokens = Tokens;

export const SESSION_STORAGE_KEY = 'user';

export interface SessionState extends PersistedSession {
  /** A Kakao login finished: the user, their tokens, the Kakao token and the pin check. */
  setLogin: (login: {
    userInfo: ContractUserInfo;
    tokens: SessionTokens;
    kakaoToken?: KakaoToken | null;
    pinUser?: PinUser | null;
  }) => void;
  /** Children log in with id and password: no Kakao token, never a pin user (spec §4). */
  setChildrenLogin: (login: { userInfo: ContractUserInfo; tokens: SessionTokens }) => void;
  /**
   * A first Kakao login waits for consent (NEED_AGREEMENT): only the Kakao token is kept, so the
   * agreement screen can register and log in with it. Nobody is logged in yet.
   */
  setPendingAgreement: (kakaoToken: KakaoToken) => void;
  setPinUser: (pinUser: PinUser | null) => void;
  /** Moves the access expiry (the header countdown) to `expires`. */
  extendAccess: (expires: number) => void;
  clear: () => void;
}

const emptySession: PersistedSession = { userInfo: null, tokens: null, kakaoToken: null, pinUser: null };

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...emptySession,
      setLogin: ({ userInfo, tokens, kakaoToken = null, pinUser = null }) =>
        set({ userInfo, tokens, kakaoToken, pinUser }),
      setChildrenLogin: ({ userInfo, tokens }) => set({ userInfo, tokens, kakaoToken: null, pinUser: null }),
      setPendingAgreement: (kakaoToken) => set({ ...emptySession, kakaoToken }),
      setPinUser: (pinUser) => set({ pinUser }),
      extendAccess: (expires) =>
        set((state) => (state.tokens ? { tokens: { access: { ...state.tokens.access, expires } } } : state)),
      clear: () => set(emptySession),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ userInfo, tokens, kakaoToken, pinUser }): PersistedSession => ({
        userInfo,
        tokens,
        kakaoToken,
        pinUser,
      }),
      // A tampered or outdated stored session counts as no session (spec §8: a failed read logs out).
      merge: (persisted, current) => {
        const session = readPersistedSession(persisted);
        return session ? { ...current, ...session } : current;
      },
    },
  ),
);

/** "Logged in" means the session holds both the user and the tokens. */
export function isLoggedIn(state: Pick<SessionState, 'userInfo' | 'tokens'>): boolean {
  return state.userInfo !== null && state.tokens !== null;
}

export function useLoggedIn(): boolean {
  return useSessionStore(isLoggedIn);
}

/** A Kakao token waiting for the consent screen, with nobody logged in yet. */
export function hasPendingAgreement(
  state: Pick<SessionState, 'userInfo' | 'tokens' | 'kakaoToken'>,
): boolean {
  return !isLoggedIn(state) && state.kakaoToken !== null;
}

export function usePendingAgreement(): boolean {
  return useSessionStore(hasPendingAgreement);
}

/**
 * Parents sign in with Kakao, children with an id. Sessions stored before the server sent
 * `userType` are told apart by the loginKey, which only parents have.
 */
export function accountTypeOf(userInfo: Pick<UserInfo, 'userType' | 'loginKey'>): 'PARENT' | 'CHILD' {
  return userInfo.userType ?? (userInfo.loginKey === '' ? 'CHILD' : 'PARENT');
}
