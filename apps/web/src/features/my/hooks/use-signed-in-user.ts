import { accountTypeOf, useSessionStore, type UserInfo } from '@/shared/stores/session-store.ts';

export interface SignedInUser {
  userInfo: UserInfo;
  accountType: 'PARENT' | 'CHILD';
  /** A verified parent (spec §5: pinUser.result === 'Y'). */
  isPinUser: boolean;
}

/** The session user of a my page, or `null` for a visitor (only /my/children-info lets one in). */
export function useSignedInUser(): SignedInUser | null {
  const userInfo = useSessionStore((state) => (state.tokens ? state.userInfo : null));
  const pinResult = useSessionStore((state) => state.pinUser?.result ?? null);
  if (!userInfo) return null;
  return { userInfo, accountType: accountTypeOf(userInfo), isPinUser: pinResult === 'Y' };
}
