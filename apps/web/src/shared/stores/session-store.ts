import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The session user, persisted to sessionStorage under `user` (spec §3). */

// Loose: fields the login adds later (e.g. a user type) survive a reload instead of being stripped.
export const userInfoSchema = z.looseObject({
  userId: z.string(),
  id: z.string(),
  /** The encrypted form of the Kakao id. */
  loginKey: z.string(),
  userNm: z.string(),
  alias: z.string(),
  userStatus: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const sessionTokensSchema = z.object({
  access: z.object({
    token: z.string(),
    /** Epoch milliseconds. */
    expires: z.number(),
  }),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

export const kakaoTokenSchema = z.object({ access_token: z.string() });
export type KakaoToken = z.infer<typeof kakaoTokenSchema>;

/** `result === 'Y'` marks a verified parent (pin user). */
export const pinUserSchema = z.object({ result: z.string() });
export type PinUser = z.infer<typeof pinUserSchema>;

const persistedSessionSchema = z.object({
  userInfo: userInfoSchema.nullable(),
  tokens: sessionTokensSchema.nullable(),
  kakaoToken: kakaoTokenSchema.nullable(),
  pinUser: pinUserSchema.nullable(),
});
type PersistedSession = z.infer<typeof persistedSessionSchema>;

export const SESSION_STORAGE_KEY = 'user';

export interface SessionState extends PersistedSession {
  setLogin: (login: {
    userInfo: UserInfo;
    tokens: SessionTokens;
    kakaoToken?: KakaoToken | null;
    pinUser?: PinUser | null;
  }) => void;
  /** Children log in with id and password: no Kakao token, never a pin user. */
  setChildrenLogin: (login: { userInfo: UserInfo; tokens: SessionTokens }) => void;
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
        const parsed = persistedSessionSchema.safeParse(persisted);
        return parsed.success ? { ...current, ...parsed.data } : current;
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
