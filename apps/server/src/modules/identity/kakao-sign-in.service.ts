import { parseId } from '@hamkke/contract/ids';
import type { LoginResult } from '@hamkke/contract/login/session';
import { AppError } from '../../lib/app-error.ts';
import { beginLimitedAttempt } from '../../lib/rate-limiter.ts';
import { toUserInfo } from './identity.mappers.ts';
import type { KakaoLoginDeps } from './kakao-login.deps.ts';
import { profileOf } from './kakao-profile.ts';

/** A Kakao proof: the person it names, their loginKey and Kakao's access token of the same account. */
interface KakaoProof {
  userId: string;
  loginKey: string;
  kakaoAccessToken: string;
}

/** A registered parent signs in with a Kakao proof: the pin check, then the sign-in and its token. */
export function createKakaoSignInService(
  deps: Pick<
    KakaoLoginDeps,
    | 'users'
    | 'kakao'
    | 'terms'
    | 'tokens'
    | 'activity'
    | 'makeLoginKey'
    | 'pin'
    | 'pinLimits'
    | 'loginLimiter'
  >,
) {
  const { users, kakao, tokens, activity, makeLoginKey } = deps;

  /** The registered parent a Kakao proof names, or 403 when the proof does not match. */
  async function provenParent(proof: KakaoProof) {
    const profile = await profileOf(kakao, proof.kakaoAccessToken);
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
    async checkPin(proof: KakaoProof, ipAddress: string) {
      const attempt = await beginLimitedAttempt(deps.pinLimits, `pin:${proof.userId}`, ipAddress);
      const { user } = await provenParent(proof);
      await attempt.succeeded();
      return { data: [{ result: await deps.pin.check(user, ipAddress) }] };
    },

    async login(proof: KakaoProof, ipAddress: string): Promise<LoginResult> {
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
  };
}
export type KakaoSignInService = ReturnType<typeof createKakaoSignInService>;
