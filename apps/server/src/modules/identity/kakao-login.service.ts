import type { KakaoAuthorizeService } from './kakao-authorize.service.ts';
import type { KakaoRegistrationService } from './kakao-registration.service.ts';
import type { KakaoSignInService } from './kakao-sign-in.service.ts';

/**
 * Kakao login as identity's routes call it (`kakaoLogin`): the way to Kakao and back
 * (kakao-authorize), a registered parent's pin check and sign-in (kakao-sign-in) and registration
 * after consent (kakao-registration), each its own service built in identity.module.ts, answered
 * as one object.
 */
export function createKakaoLoginService(parts: {
  authorize: KakaoAuthorizeService;
  signIn: KakaoSignInService;
  registration: KakaoRegistrationService;
}) {
  return { ...parts.authorize, ...parts.signIn, ...parts.registration };
}
export type KakaoLoginService = ReturnType<typeof createKakaoLoginService>;
