import type {
  KakaoToken,
  PinUser,
  Tokens,
  UserInfo as ContractUserInfo,
} from '@hamkke/contract/login/session';
import { userStatuses, userTypes } from '@hamkke/contract/login/user-kinds';
import { isRecord } from '@hamkke/contract/wire';

/**
 * The stored user: the contract's, except that sessions saved before the server sent `userType`
 * may lack it. Loose, so a field the login adds later survives a reload instead of being stripped.
 */
export type UserInfo = Omit<ContractUserInfo, 'userType'> & {
  userType?: ContractUserInfo['userType'];
  [field: string]: unknown;
};

export interface PersistedSession {
  userInfo: UserInfo | null;
  tokens: Tokens | null;
  kakaoToken: KakaoToken | null;
  pinUser: PinUser | null;
}

const oneOf = (values: readonly string[], value: unknown) =>
  typeof value === 'string' && values.includes(value);

function isUserInfo(value: unknown): value is UserInfo {
  return (
    isRecord(value) &&
    ['userId', 'id', 'loginKey', 'userNm', 'alias'].every((field) => typeof value[field] === 'string') &&
    oneOf(userStatuses, value.userStatus) &&
    (value.userType === undefined || oneOf(userTypes, value.userType))
  );
}

function isTokens(value: unknown): value is Tokens {
  return (
    isRecord(value) &&
    isRecord(value.access) &&
    typeof value.access.token === 'string' &&
    Number.isInteger(value.access.expires)
  );
}

const isKakaoToken = (value: unknown): value is KakaoToken =>
  isRecord(value) && typeof value.access_token === 'string';
const isPinUser = (value: unknown): value is PinUser => isRecord(value) && oneOf(['Y', 'N'], value.result);

/**
 * The session read back from sessionStorage when it has the shape the app wrote (the contract's
 * user, tokens, Kakao token and pin check, each possibly null); `null` for a tampered or outdated
 * one, which counts as no session (spec §8: a failed read logs out). Read without zod: this runs in
 * the first load.
 */
export function readPersistedSession(value: unknown): PersistedSession | null {
  if (!isRecord(value)) return null;
  const { userInfo, tokens, kakaoToken, pinUser } = value;
  // Each part is there, null when empty: the app always writes all four.
  if ([userInfo, tokens, kakaoToken, pinUser].includes(undefined)) return null;
  if (userInfo !== null && !isUserInfo(userInfo)) return null;
  if (tokens !== null && !isTokens(tokens)) return null;
  if (kakaoToken !== null && !isKakaoToken(kakaoToken)) return null;
  if (pinUser !== null && !isPinUser(pinUser)) return null;
  const access = tokens === null ? null : (tokens as Tokens).access;
  const kakao = kakaoToken as KakaoToken | null;
  const pin = pinUser as PinUser | null;
  return {
    userInfo: userInfo === null ? null : { ...(userInfo as UserInfo) },
    tokens: access === null ? null : { access: { token: access.token, expires: access.expires } },
    kakaoToken: kakao === null ? null : { access_token: kakao.access_token },
    pinUser: pin === null ? null : { result: pin.result },
  };
}
