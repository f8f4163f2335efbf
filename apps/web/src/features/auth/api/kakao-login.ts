import {
  childConsentsEndpoint,
  kakaoAuthTokensEndpoint,
  kakaoAuthorizeEndpoint,
  loginCheckPinUserEndpoint,
  loginEndpoint,
  registerEndpoint,
} from '@hamkke/contract/routes';
import type { KakaoToken, UserInfo } from '@hamkke/contract/login/session';
import { recordActivity } from '@/shared/api/activity-log.ts';
import { callApi, checkHealth } from '@/shared/api/client.ts';
import { isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';

/** The Kakao login calls of spec §4, in the order the screens make them. */

/**
 * Health check, then an attempt record, then the authorize URL the server made (state and PKCE
 * bound to this browser) and off to Kakao. `'unavailable'` when the health check fails: the login
 * does not start.
 */
export async function startKakaoLogin(): Promise<'redirecting' | 'unavailable'> {
  if (!(await checkHealth())) return 'unavailable';
  // A consent screen left half-way belongs to an earlier attempt.
  if (!isLoggedIn(useSessionStore.getState())) useSessionStore.getState().clear();
  recordActivity('KAKAO_LOGIN_ATTEMPT');
  const { authorizeUrl } = await callApi(kakaoAuthorizeEndpoint, {});
  window.location.assign(authorizeUrl);
  return 'redirecting';
}

/** The code step: the server exchanges the code, reads the profile and checks age and phone number. */
export function exchangeKakaoCode(code: string, state: string) {
  return callApi(kakaoAuthTokensEndpoint, { code, state });
}

/** Pin check, then login; the whole session goes to the store at once. */
export async function finishKakaoLogin(userInfo: UserInfo, kakaoToken: KakaoToken): Promise<void> {
  const proof = {
    userId: userInfo.userId,
    loginKey: userInfo.loginKey,
    kakaoAccessToken: kakaoToken.access_token,
  };
  const pinCheck = await callApi(loginCheckPinUserEndpoint, proof);
  const login = await callApi(loginEndpoint, proof);
  useSessionStore.getState().setLogin({
    userInfo: login.userInfo,
    tokens: login.tokens,
    kakaoToken,
    pinUser: pinCheck.data[0] ?? null,
  });
}

/** Consent given: registers the Kakao account with the versions the person saw. */
export async function registerKakaoUser(input: {
  kakaoToken: KakaoToken;
  agreements: { termsOfUse: true; privacyPolicy: true; marketing: boolean };
  termsVersion: string;
  privacyVersion: string;
}): Promise<UserInfo> {
  const { userInfo } = await callApi(registerEndpoint, {
    kakaoAccessToken: input.kakaoToken.access_token,
    agreements: input.agreements,
    termsVersion: input.termsVersion,
    privacyVersion: input.privacyVersion,
  });
  return userInfo;
}

/**
 * After a parent's login, as the terms' ask again happens at login: a verified parent with a child
 * whose guardian's consent is missing or older than a required version in force is sent to
 * /my/children, where it is asked (decision 038). Any failure here does not hold the login up.
 */
export async function childConsentPending(): Promise<boolean> {
  const { userInfo, pinUser } = useSessionStore.getState();
  if (userInfo?.userType !== 'PARENT' || pinUser?.result !== 'Y') return false;
  try {
    const { children } = await callApi(childConsentsEndpoint, {});
    return children.some((child) => child.consentNeeded);
  } catch {
    return false;
  }
}
