import type { KakaoOutcome } from '@hamkke/contract/login/kakao-login';
import { createPkcePair } from '../../kakao/pkce.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import { toUserInfo, kakaoBirthDate } from './identity.mappers.ts';
import { appErrorFromKakao } from './kakao-errors.ts';
import type { KakaoLoginDeps } from './kakao-login.deps.ts';
import { eligibility, profileOf } from './kakao-profile.ts';
import { consumeLoginAttempt, insertLoginAttempt } from './login-attempt.repository.ts';

/** A login attempt's state and verifier are good for ten minutes, once. */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

/**
 * The way to Kakao and back (spec §4): the authorize URL with its state and PKCE pair, then the
 * callback's code exchanged and its outcome decided (a user, consent needed, or why not).
 */
export function createKakaoAuthorizeService(
  deps: Pick<KakaoLoginDeps, 'db' | 'clock' | 'kakao' | 'users' | 'terms' | 'activity' | 'makeLoginKey'>,
) {
  const { db, users, clock, kakao, activity, makeLoginKey } = deps;

  return {
    /** Makes a state and PKCE pair, stores them (state hashed) and answers the authorize URL. */
    async startAuthorize(redirectUri: string): Promise<{ authorizeUrl: string; state: string }> {
      const state = randomSecret(24);
      const { verifier, challenge } = createPkcePair();
      await insertLoginAttempt(db, {
        stateHash: secretHash(state),
        codeVerifier: verifier,
        redirectUri,
        createdAt: clock().toISOString(),
      });
      return { authorizeUrl: kakao.authorizeUrl({ redirectUri, state, codeChallenge: challenge }), state };
    },

    /**
     * The code step of spec §4: state check, exchange, profile, age, phone number, then the account.
     * Outcomes other than USER and NEED_AGREEMENT are logged (login log N and an activity record).
     */
    async exchange(input: {
      code: string;
      state: string;
      cookieState: string | undefined;
      ipAddress: string;
    }) {
      if (!input.cookieState || input.cookieState !== input.state) {
        throw new AppError('LOGIN_STATE_MISMATCH', 'The login state does not belong to this browser');
      }
      const now = clock();
      const attempt = await consumeLoginAttempt(
        db,
        secretHash(input.state),
        now.toISOString(),
        new Date(now.getTime() - ATTEMPT_TTL_MS).toISOString(),
      );
      if (!attempt)
        throw new AppError('LOGIN_STATE_MISMATCH', 'The login attempt is unknown, used or expired');

      let accessToken: string;
      try {
        ({ accessToken } = await kakao.exchangeCode({
          code: input.code,
          redirectUri: attempt.redirect_uri,
          codeVerifier: attempt.code_verifier,
        }));
      } catch (error) {
        return appErrorFromKakao(error, 'token');
      }
      const profile = await profileOf(kakao, accessToken);
      const existing = await users.findByKakaoId(profile.kakaoId);
      const verdict = eligibility(profile, clock);
      if (verdict !== 'OK') {
        await activity.loginLog({
          userId: existing?.id ?? null,
          logdetail: verdict,
          birthDate: kakaoBirthDate(profile.birthyear, profile.birthday),
          result: 'N',
        });
        await activity.record({
          eventType: verdict,
          userId: existing ? String(existing.id) : null,
          kakaoUid: makeLoginKey(profile.kakaoId),
          userNm: profile.name,
          statusCode: 200,
          ipAddress: input.ipAddress,
        });
        const outcome: KakaoOutcome = verdict;
        return { outcome, kakaoToken: null, userInfo: null };
      }
      const kakaoToken = { access_token: accessToken };
      // Kakao has just proven who this is: they learn why they cannot come in.
      if (existing?.suspended_at) throw new AppError('ACCOUNT_SUSPENDED', 'The account is suspended');
      // A newer required version of the terms came into force since they agreed: consent again first.
      if (existing && existing.status === 'USER' && !(await deps.terms.agreementNeeded(existing.id))) {
        return { outcome: 'USER' as const, kakaoToken, userInfo: toUserInfo(existing, makeLoginKey) };
      }
      return { outcome: 'NEED_AGREEMENT' as const, kakaoToken, userInfo: null };
    },
  };
}
export type KakaoAuthorizeService = ReturnType<typeof createKakaoAuthorizeService>;
