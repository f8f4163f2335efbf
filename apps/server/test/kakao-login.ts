import type { FastifyInstance } from 'fastify';
import type { EmulatorPersonInput } from '../src/kakao/emulator/persons.ts';
import { callEndpoint } from './harness.ts';

/** The cookie pair `name=value` from a Set-Cookie answer, for sending back. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0];
}

/**
 * Walks the browser's part of a Kakao login through the app and its emulator: start, Kakao's
 * authorize (approved at once by login_hint), and the code exchange. Returns that last answer.
 */
export async function kakaoCodeStep(app: FastifyInstance, person: EmulatorPersonInput) {
  const emulator = app.kakao.emulator;
  if (!emulator) throw new Error('the app is not in emulator mode');
  const { id } = emulator.createPerson(person);
  const start = await callEndpoint(app, 'login/kakao-authorize', {});
  const stateCookie = cookieFrom(start.headers['set-cookie'], 'kakaoLoginState');
  const { authorizeUrl } = start.json().response as { authorizeUrl: string };
  const authorize = await app.inject({ method: 'GET', url: `${authorizeUrl}&login_hint=${id}` });
  const location = new URL(String(authorize.headers.location));
  const code = location.searchParams.get('code') ?? '';
  const state = location.searchParams.get('state') ?? '';
  const exchange = await callEndpoint(
    app,
    'login/kakaoAuthTokens',
    { code, state },
    stateCookie ? { cookie: stateCookie } : {},
  );
  return { kakaoId: id, exchange, code, state, stateCookie, location };
}

/** Signs up (if needed) and logs a new adult in through the emulator; returns the login result. */
export async function signUpAndLogIn(app: FastifyInstance, person: EmulatorPersonInput) {
  const step = await kakaoCodeStep(app, person);
  const { kakaoToken } = step.exchange.json().response as { kakaoToken: { access_token: string } };
  const registered = await callEndpoint(app, 'login/register', {
    kakaoAccessToken: kakaoToken.access_token,
    agreements: { termsOfUse: true, privacyPolicy: true, marketing: false },
    termsVersion: '1.0',
    privacyVersion: '1.0',
  });
  const { userInfo } = registered.json().response as { userInfo: { userId: string; loginKey: string } };
  const proof = {
    userId: userInfo.userId,
    loginKey: userInfo.loginKey,
    kakaoAccessToken: kakaoToken.access_token,
  };
  const login = await callEndpoint(app, 'login/login', proof);
  const result = login.json().response as {
    tokens: { access: { token: string } };
    userInfo: { userId: string; id: string };
  };
  return {
    kakaoId: step.kakaoId,
    proof,
    result,
    headers: { authorization: `Bearer ${result.tokens.access.token}` },
  };
}
