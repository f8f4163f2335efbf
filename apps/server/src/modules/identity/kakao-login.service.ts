import { parseId } from '@hamkke/contract/ids';
import type { KakaoOutcome } from '@hamkke/contract/login/kakao-login';
import type { LoginResult, UserInfo } from '@hamkke/contract/login/session';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isAdult } from '../../kakao/age.ts';
import { toDomesticPhoneNumber, type KakaoClient, type KakaoProfile } from '../../kakao/kakao-client.ts';
import { createPkcePair } from '../../kakao/pkce.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import { beginLimitedAttempt, type FailureLimits, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { ActivityLogService } from './activity-log.service.ts';
import { appErrorFromKakao } from './kakao-errors.ts';
import type { PinService } from './pin.service.ts';
import { consumeLoginAttempt, insertLoginAttempt } from './login-attempt.repository.ts';
import type { TermsService } from '../terms/terms.service.ts';
import { kakaoBirthDate, toUserInfo } from './identity.mappers.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { UsersService } from '../users/users.service.ts';

/** A login attempt's state and verifier are good for ten minutes, once. */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

export interface KakaoLoginDeps {
  terms: TermsService;
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  kakao: KakaoClient;
  tokens: TokenService;
  activity: ActivityLogService;
  makeLoginKey: (kakaoId: string) => string;
  pinLimits: FailureLimits;
  /** Failed registrations per address (security.md: registration is rate limited too). */
  registerLimits: FailureLimits;
  /** `login/login` calls per address: each one asks Kakao. */
  loginLimiter: RateLimiter;
  pin: PinService;
  /** A new account is announced (`signedUp`) inside its transaction. */
  events: DomainEvents;
}

export function createKakaoLoginService(deps: KakaoLoginDeps) {
  const { db, users, clock, kakao, tokens, activity, makeLoginKey } = deps;

  async function profileOf(kakaoAccessToken: string): Promise<KakaoProfile> {
    try {
      return await kakao.getProfile(kakaoAccessToken);
    } catch (error) {
      return appErrorFromKakao(error, 'profile');
    }
  }

  /** 만 19세 이상이고 전화번호가 있어야 가입·로그인할 수 있어요. Decided from Kakao's answer only. */
  function eligibility(profile: KakaoProfile): 'OK' | 'UNDER19' | 'EMPTY_PHONE_NUMBER' {
    if (
      isAdult({ birthyear: profile.birthyear, birthday: profile.birthday }, seoulToday(clock)) !== 'ADULT'
    ) {
      return 'UNDER19';
    }
    if (!profile.phoneNumber || !toDomesticPhoneNumber(profile.phoneNumber)) return 'EMPTY_PHONE_NUMBER';
    return 'OK';
  }

  /** The registered parent a Kakao proof names, or 403 when the proof does not match. */
  async function provenParent(proof: { userId: string; loginKey: string; kakaoAccessToken: string }) {
    const profile = await profileOf(proof.kakaoAccessToken);
    const id = parseId(proof.userId);
    const user = id === null ? undefined : await users.findById(id);
    if (
      !user ||
      user.user_type !== 'PARENT' ||
      user.kakao_id !== profile.kakaoId ||
      user.status !== 'USER' ||
      makeLoginKey(profile.kakaoId) !== proof.loginKey
    ) {
      throw new AppError('FORBIDDEN', 'The Kakao account does not match this person');
    }
    if (user.suspended_at !== null) throw new AppError('ACCOUNT_SUSPENDED', 'The account is suspended');
    return { user, profile };
  }

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
      const profile = await profileOf(accessToken);
      const existing = await users.findByKakaoId(profile.kakaoId);
      const verdict = eligibility(profile);
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

    async checkPin(proof: { userId: string; loginKey: string; kakaoAccessToken: string }, ipAddress: string) {
      const attempt = await beginLimitedAttempt(deps.pinLimits, `pin:${proof.userId}`, ipAddress);
      const { user } = await provenParent(proof);
      await attempt.succeeded();
      return { data: [{ result: await deps.pin.check(user, ipAddress) }] };
    },

    async login(
      proof: { userId: string; loginKey: string; kakaoAccessToken: string },
      ipAddress: string,
    ): Promise<LoginResult> {
      await deps.loginLimiter.consume(ipAddress);
      const { user } = await provenParent(proof);
      if (await deps.terms.agreementNeeded(user.id)) {
        throw new AppError('FORBIDDEN', 'A newer required version of the terms needs consent first');
      }
      const issued = await tokens.issue(user.id);
      await activity.loginLog({
        userId: user.id,
        logdetail: 'LOGIN',
        birthDate: user.birth_date,
        result: 'Y',
      });
      // Spec §9's LOGIN_ATTEMPT: the client's KAKAO_LOGIN_ATTEMPT is the start, this the sign-in.
      await activity.record({
        eventType: 'LOGIN_ATTEMPT',
        userId: String(user.id),
        kakaoUid: proof.loginKey,
        userNm: user.name,
        title: 'KAKAO',
        ipAddress,
      });
      return {
        userInfo: toUserInfo(user, makeLoginKey),
        tokens: { access: { token: issued.token, expires: issued.expires } },
      };
    },

    /** Consent given: the account is made from Kakao's own profile, after the same checks again. */
    async register(input: {
      kakaoAccessToken: string;
      agreements: { marketing: boolean };
      termsVersion: string;
      privacyVersion: string;
      ipAddress: string;
    }): Promise<{ userInfo: UserInfo }> {
      const attempt = await beginLimitedAttempt(deps.registerLimits, 'register', input.ipAddress);
      const profile = await profileOf(input.kakaoAccessToken);
      try {
        if (eligibility(profile) !== 'OK')
          throw new AppError('NOT_ELIGIBLE', 'This Kakao account cannot sign up');
        const existing = await users.findByKakaoId(profile.kakaoId);
        const reconsent =
          existing !== undefined &&
          existing.status === 'USER' &&
          (await deps.terms.agreementNeeded(existing.id));
        if (existing && !reconsent) {
          throw new AppError('ALREADY_REGISTERED', 'This Kakao account already has an account');
        }
        if (!(await deps.terms.versionsPublished(input.termsVersion, input.privacyVersion))) {
          throw new AppError('VALIDATION_FAILED', 'Unknown terms or privacy policy version', [
            { path: 'termsVersion', code: 'INVALID_VALUE', message: 'must be a published version' },
          ]);
        }
        const stamp = clock().toISOString();
        if (existing && reconsent) {
          // Consent again to a newer required version: the agreement is replaced, the account kept.
          const agreement = {
            userId: existing.id,
            termsVersion: input.termsVersion,
            privacyVersion: input.privacyVersion,
            marketing: input.agreements.marketing,
            agreedAt: stamp,
          };
          await db.transaction().execute(async (trx) => {
            await deps.terms.replaceAgreement(agreement, trx);
            if (await deps.terms.agreementNeeded(existing.id, trx)) {
              throw new AppError('VALIDATION_FAILED', 'Agree to the versions in force', [
                { path: 'termsVersion', code: 'INVALID_VALUE', message: 'must be the version in force' },
              ]);
            }
          });
          await attempt.succeeded();
          return { userInfo: toUserInfo(existing, makeLoginKey) };
        }
        const name = profile.name ?? '회원';
        const user = await db.transaction().execute(async (trx) => {
          const userId = await users.insert(
            {
              user_type: 'PARENT',
              kakao_id: profile.kakaoId,
              login_id: null,
              password_hash: null,
              parent_user_id: null,
              name,
              alias: name,
              phone: profile.phoneNumber,
              birth_date: kakaoBirthDate(profile.birthyear, profile.birthday),
              status: 'USER',
              pin_verified_at: null,
              created_at: stamp,
              updated_at: stamp,
            },
            trx,
          );
          await deps.terms.recordAgreement(
            {
              userId,
              termsVersion: input.termsVersion,
              privacyVersion: input.privacyVersion,
              marketing: input.agreements.marketing,
              agreedAt: stamp,
            },
            trx,
          );
          await deps.events.emit(trx, 'signedUp', { userId, at: stamp });
          return (await users.findById(userId, trx))!;
        });
        await attempt.succeeded();
        return { userInfo: toUserInfo(user, makeLoginKey) };
      } catch (error) {
        await activity.record({
          eventType: 'SIGNUP_FAILURE',
          kakaoUid: makeLoginKey(profile.kakaoId),
          userNm: profile.name,
          statusCode: error instanceof AppError ? error.statusCode : 500,
          errorReason: error instanceof AppError ? error.code : null,
          ipAddress: input.ipAddress,
        });
        throw error;
      }
    },
  };
}
export type KakaoLoginService = ReturnType<typeof createKakaoLoginService>;
