import { isAdult } from '../../kakao/age.ts';
import { toDomesticPhoneNumber, type KakaoClient, type KakaoProfile } from '../../kakao/kakao-client.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import { appErrorFromKakao } from './kakao-errors.ts';

/** Kakao's profile of the holder of `kakaoAccessToken`; Kakao's refusal as the app's error. */
export async function profileOf(kakao: KakaoClient, kakaoAccessToken: string): Promise<KakaoProfile> {
  try {
    return await kakao.getProfile(kakaoAccessToken);
  } catch (error) {
    return appErrorFromKakao(error, 'profile');
  }
}

/** 만 19세 이상이고 전화번호가 있어야 가입·로그인할 수 있어요. Decided from Kakao's answer only. */
export function eligibility(profile: KakaoProfile, clock: Clock): 'OK' | 'UNDER19' | 'EMPTY_PHONE_NUMBER' {
  if (isAdult({ birthyear: profile.birthyear, birthday: profile.birthday }, seoulToday(clock)) !== 'ADULT') {
    return 'UNDER19';
  }
  if (!profile.phoneNumber || !toDomesticPhoneNumber(profile.phoneNumber)) return 'EMPTY_PHONE_NUMBER';
  return 'OK';
}
