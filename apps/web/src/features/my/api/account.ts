import type { EndpointRequest } from '@hamkke/contract/endpoint';
import {
  authAboEndpoint,
  changeMyIdEndpoint,
  changeMyPasswordEndpoint,
  logoutEndpoint,
  myInfoEndpoint,
  unlinkKakaoEndpoint,
  updateChildrenProfileEndpoint,
  updateMasterEndpoint,
  withdrawEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiErrorCode } from '@/shared/api/api-error.ts';
import { callApi, sessionBody } from '@/shared/api/client.ts';
import { forgetAutoLogin } from '@/shared/session/auto-login.ts';
import { discardCertifyDrafts } from '@/shared/session/certify-drafts.ts';
import { announceSessionEnd } from '@/shared/session/session-channel.ts';
import { accountTypeOf, useSessionStore } from '@/shared/stores/session-store.ts';

/**
 * The signed-in person's account. Keys carry the user id, so one tab never shows another's data.
 * The body is spec §7's `{userId, loginKey}` (decision 035).
 */
export function myInfoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['my', userId, 'myinfo'] as const,
    queryFn: ({ signal }) => callApi(myInfoEndpoint, sessionBody(), { signal }),
  });
}

/**
 * Revokes the token and this device's autoLogin cookie; a failure does not keep anyone logged in,
 * nor signs a child back in: the cookie is then removed by a call that needs no session, or, when
 * that fails too, never used again and removed at the app's next start (issue 25).
 */
export async function logOut(): Promise<void> {
  // The other tabs holding this session end it now, whatever the calls below meet (decision 023).
  const userId = useSessionStore.getState().userInfo?.userId;
  if (userId) {
    announceSessionEnd(userId, 'logged_out');
    // A certification draft stays for the next login only, not past a logout (issue 25).
    discardCertifyDrafts(userId);
  }
  let logoutDone = false;
  try {
    await callApi(logoutEndpoint, {});
    logoutDone = true;
  } catch (error) {
    console.warn('[my] logout call failed; ending the session here anyway', error);
  }
  await forgetAutoLogin({ logoutDone });
}

/** Membership-number verification (회원 인증); a Y makes the person a pin user in this session too. */
export async function verifyMembership(memberNo: string): Promise<'Y' | 'N'> {
  const pinUser = await callApi(authAboEndpoint, { memberNo: memberNo.trim() });
  if (pinUser.result === 'Y') useSessionStore.getState().setPinUser(pinUser);
  return pinUser.result;
}

/**
 * Withdrawal: a parent who still holds a Kakao token unlinks Kakao (which also deletes the data);
 * when that token has run out, or for anyone else, the account is withdrawn without Kakao.
 */
export async function withdraw(): Promise<void> {
  const { userInfo, kakaoToken } = useSessionStore.getState();
  if (userInfo && accountTypeOf(userInfo) === 'PARENT' && kakaoToken) {
    try {
      await callApi(unlinkKakaoEndpoint, { accessToken: kakaoToken.access_token });
      return;
    } catch (error) {
      if (apiErrorCode(error) !== 'KAKAO_TOKEN_FAILED') throw error;
      console.warn('[my] the Kakao token is no longer good; withdrawing without unlinking', error);
    }
  }
  await callApi(withdrawEndpoint, {});
}

/** A child changes their own password. */
export async function changeMyPassword(currentPassword: string, newPassword: string): Promise<void> {
  await callApi(changeMyPasswordEndpoint, { currentPassword, newPassword });
}

/** A child changes their own login id, proved by the current password; answers the new id. */
export function changeMyId(currentPassword: string, newLoginId: string) {
  return callApi(changeMyIdEndpoint, { currentPassword, newLoginId });
}

/**
 * What others see of me in teams (the alias, an avatar): a parent's is the master account's
 * (`user/update-master`), a child changes their own (`user/update-children`).
 */
export function updateProfile(
  accountType: 'PARENT' | 'CHILD',
  profile: EndpointRequest<typeof updateMasterEndpoint>,
) {
  return accountType === 'PARENT'
    ? callApi(updateMasterEndpoint, profile)
    : callApi(updateChildrenProfileEndpoint, profile);
}
