import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  childrenAutoLoginEndpoint,
  childrenLoginEndpoint,
  extendTokenEndpoint,
  forgetAutoLoginEndpoint,
  logoutEndpoint,
} from '@hamkke/contract/login/children-login';
import {
  kakaoAuthTokensEndpoint,
  kakaoAuthorizeEndpoint,
  loginCheckPinUserEndpoint,
  loginEndpoint,
  registerEndpoint as signUpEndpoint,
} from '@hamkke/contract/login/kakao-login';
import { AUTO_LOGIN_HINT_COOKIE } from '@hamkke/contract/login/auto-login-cookies';
import { loginLogEndpoint } from '@hamkke/contract/login/login-log';
import { saveUserActivityLogEndpoint } from '@hamkke/contract/user/activity-log';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { ActivityLogService } from './activity-log.service.ts';
import { AUTO_LOGIN_TTL_MS, type ChildrenLoginService } from './children-login.service.ts';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './device-cookie.ts';
import type { KakaoLoginService } from './kakao-login.service.ts';

/** Spec §9: the auto-login cookie is named autoLogin. */
export const AUTO_LOGIN_COOKIE = 'autoLogin';
export const KAKAO_STATE_COOKIE = 'kakaoLoginState';
const KAKAO_STATE_MAX_AGE_S = 10 * 60;

export interface IdentityRouteDeps {
  kakaoLogin: KakaoLoginService;
  childrenLogin: ChildrenLoginService;
  tokens: TokenService;
  activity: ActivityLogService;
  cookieSecure: boolean;
  /** A fixed redirect URI, or null to use `<request origin>/login/callback`. */
  redirectUri: string | null;
}

export function registerIdentityRoutes(app: FastifyInstance, deps: IdentityRouteDeps): void {
  const { kakaoLogin, childrenLogin, tokens, activity } = deps;
  const cookie: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.cookieSecure,
    path: '/',
  };
  // The readable hint beside the HttpOnly cookie: set and removed with it.
  const hint: CookieSerializeOptions = { ...cookie, httpOnly: false };
  const setAutoLogin = (reply: FastifyReply, token: string) => {
    reply.setCookie(AUTO_LOGIN_COOKIE, token, { ...cookie, maxAge: AUTO_LOGIN_TTL_MS / 1000 });
    reply.setCookie(AUTO_LOGIN_HINT_COOKIE, '1', { ...hint, maxAge: AUTO_LOGIN_TTL_MS / 1000 });
  };
  const clearAutoLogin = (reply: FastifyReply) => {
    reply.clearCookie(AUTO_LOGIN_COOKIE, cookie);
    reply.clearCookie(AUTO_LOGIN_HINT_COOKIE, hint);
  };
  // Decision 033: HttpOnly, Secure in production, SameSite=Lax; kept across logouts on purpose.
  const setDevice = (reply: FastifyReply, value: string) => {
    reply.setCookie(DEVICE_COOKIE, value, { ...cookie, maxAge: DEVICE_TTL_MS / 1000 });
  };
  const redirectUriFor = (request: FastifyRequest) =>
    deps.redirectUri ?? `${request.protocol}://${request.host}/login/callback`;

  registerEndpoint(app, kakaoAuthorizeEndpoint, async ({ request, reply }) => {
    const { authorizeUrl, state } = await kakaoLogin.startAuthorize(redirectUriFor(request));
    // Binds the attempt to this browser: the callback must come back with the same state.
    reply.setCookie(KAKAO_STATE_COOKIE, state, { ...cookie, maxAge: KAKAO_STATE_MAX_AGE_S });
    return { authorizeUrl };
  });

  registerEndpoint(app, kakaoAuthTokensEndpoint, async ({ body, request, reply }) => {
    const cookieState = request.cookies[KAKAO_STATE_COOKIE];
    reply.clearCookie(KAKAO_STATE_COOKIE, cookie);
    return kakaoLogin.exchange({ code: body.code, state: body.state, cookieState, ipAddress: request.ip });
  });

  registerEndpoint(app, loginCheckPinUserEndpoint, ({ body, request }) =>
    kakaoLogin.checkPin(body, request.ip),
  );
  registerEndpoint(app, loginEndpoint, async ({ body, request, reply }) => {
    const result = await kakaoLogin.login(body, request.ip);
    // The parent's browser vouches for their children's logins from now on (decision 033).
    if (result.userInfo.userType === 'PARENT') {
      const parentId = Number(result.userInfo.userId);
      setDevice(reply, childrenLogin.rememberParentDevice(request.cookies[DEVICE_COOKIE], parentId));
    }
    return result;
  });
  registerEndpoint(app, signUpEndpoint, ({ body, request }) =>
    kakaoLogin.register({ ...body, ipAddress: request.ip }),
  );

  registerEndpoint(app, childrenLoginEndpoint, async ({ body, request, reply }) => {
    const { result, autoLoginToken, deviceCookie } = await childrenLogin.login({
      ...body,
      ipAddress: request.ip,
      deviceCookie: request.cookies[DEVICE_COOKIE],
    });
    if (autoLoginToken) setAutoLogin(reply, autoLoginToken);
    setDevice(reply, deviceCookie);
    return result;
  });

  registerEndpoint(app, childrenAutoLoginEndpoint, async ({ request, reply }) => {
    const token = request.cookies[AUTO_LOGIN_COOKIE];
    const result = await childrenLogin.autoLogin(token);
    // A cookie set before the hint existed gets its hint; a dead one goes with its hint.
    if (result && token && !request.cookies[AUTO_LOGIN_HINT_COOKIE]) {
      reply.setCookie(AUTO_LOGIN_HINT_COOKIE, '1', { ...hint, maxAge: AUTO_LOGIN_TTL_MS / 1000 });
    }
    if (!result && (token || request.cookies[AUTO_LOGIN_HINT_COOKIE])) clearAutoLogin(reply);
    if (result) {
      const childId = Number(result.userInfo.userId);
      setDevice(reply, childrenLogin.rememberChildDevice(request.cookies[DEVICE_COOKIE], childId));
    }
    return result;
  });

  registerEndpoint(app, extendTokenEndpoint, async ({ session }) => ({
    expires: await tokens.extend(session.tokenHash),
  }));

  registerEndpoint(app, logoutEndpoint, async ({ session, request, reply }) => {
    await tokens.revoke(session.tokenHash);
    await childrenLogin.revokeAutoLogin(request.cookies[AUTO_LOGIN_COOKIE]);
    clearAutoLogin(reply);
    return { loggedOut: true as const };
  });

  registerEndpoint(app, forgetAutoLoginEndpoint, async ({ request, reply }) => {
    await childrenLogin.revokeAutoLogin(request.cookies[AUTO_LOGIN_COOKIE]);
    clearAutoLogin(reply);
    return { forgotten: true as const };
  });

  // Public (the spec's client logs before login), so what they write is marked client-reported.
  registerEndpoint(app, loginLogEndpoint, async ({ body, request, session }) => {
    await activity.loginLogFromClient(body, {
      ipAddress: request.ip,
      sessionUserId: session?.userId ?? null,
    });
    return { data: { saved: true as const } };
  });

  registerEndpoint(app, saveUserActivityLogEndpoint, async ({ body, request, session }) => {
    await activity.recordFromClient(body, { ipAddress: request.ip, sessionUserId: session?.userId ?? null });
    return { saved: true as const };
  });
}
