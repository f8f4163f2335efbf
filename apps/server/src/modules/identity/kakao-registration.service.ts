import type { UserInfo } from '@hamkke/contract/login/session';
import { AppError } from '../../lib/app-error.ts';
import { beginLimitedAttempt } from '../../lib/rate-limiter.ts';
import { kakaoBirthDate, toUserInfo } from './identity.mappers.ts';
import type { KakaoLoginDeps } from './kakao-login.deps.ts';
import { eligibility, profileOf } from './kakao-profile.ts';

/**
 * Registration after consent: a new parent's account made from Kakao's own profile, or a
 * registered parent's consent again to a newer required version of the terms.
 */
export function createKakaoRegistrationService(
  deps: Pick<
    KakaoLoginDeps,
    'db' | 'clock' | 'kakao' | 'users' | 'terms' | 'activity' | 'makeLoginKey' | 'registerLimits' | 'events'
  >,
) {
  const { db, users, clock, kakao, activity, makeLoginKey } = deps;

  return {
    /** Consent given: the account is made from Kakao's own profile, after the same checks again. */
    async register(input: {
      kakaoAccessToken: string;
      agreements: { marketing: boolean };
      termsVersion: string;
      privacyVersion: string;
      ipAddress: string;
    }): Promise<{ userInfo: UserInfo }> {
      const attempt = await beginLimitedAttempt(deps.registerLimits, 'register', input.ipAddress);
      const profile = await profileOf(kakao, input.kakaoAccessToken);
      try {
        if (eligibility(profile, clock) !== 'OK')
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
export type KakaoRegistrationService = ReturnType<typeof createKakaoRegistrationService>;
