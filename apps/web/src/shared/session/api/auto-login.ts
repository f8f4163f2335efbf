import { childrenAutoLoginEndpoint, forgetAutoLoginEndpoint } from '@hamkke/contract/routes';
import { callApi } from '../../api/client.ts';

/** The child's auto-login calls (spec §4, issue 25), made by shared/session/auto-login.ts. */

/** Signs a child in from this device's autoLogin cookie; null without a valid one. */
export function childrenAutoLogin(signal?: AbortSignal) {
  return callApi(childrenAutoLoginEndpoint, {}, { signal });
}

/** Asks the server to revoke and remove this device's autoLogin cookie. */
export function forgetAutoLoginCookie() {
  return callApi(forgetAutoLoginEndpoint, {});
}
