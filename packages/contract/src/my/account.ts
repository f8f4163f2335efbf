import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
import {
  kakaoAccessTokenSchema,
  pinUserSchema,
  sessionBodySchema,
  userInfoSchema,
} from '../login/session.ts';

/** The longest membership number a person may type. */
export const MEMBER_NO_MAX = 30;

/** The signed-in person's account for /my/userinfo; the phone number is masked. */
export const myInfoEndpoint = defineEndpoint({
  path: 'my/myinfo',
  auth: 'user',
  summary: '내 계정 정보',
  /** Spec §7: the body is userId and loginKey; the token alone says who calls (decision 035). */
  request: sessionBodySchema,
  response: userInfoSchema.extend({
    maskedPhone: z.string().nullable(),
    birthDate: z.string().nullable(),
    pinUser: pinUserSchema,
    createdAt: z.string(),
  }),
});

export const checkPinUserEndpoint = defineEndpoint({
  path: 'my/check-pin-user',
  auth: 'user',
  summary: '핀 유저 여부',
  /** Spec §7: the body is userId and loginKey; the token alone says who calls (decision 035). */
  request: sessionBodySchema,
  response: pinUserSchema,
});

/** Verifies a parent against the membership registry by membership number. */
export const authAboEndpoint = defineEndpoint({
  path: 'my/auth-abo',
  auth: 'user',
  summary: '회원번호로 핀 유저 인증',
  request: z.object({ memberNo: z.string().trim().min(3).max(MEMBER_NO_MAX) }),
  response: pinUserSchema,
});

/** Unlinks the Kakao account and removes the person's data (children included). */
export const unlinkKakaoEndpoint = defineEndpoint({
  path: 'common/unlink-kakao',
  auth: 'user',
  summary: '카카오 연결 끊기 (탈퇴)',
  request: z.object({ accessToken: kakaoAccessTokenSchema }),
  response: z.object({ unlinked: z.literal(true) }),
});

/** Withdrawal without Kakao (children included): removes the person's data. */
export const withdrawEndpoint = defineEndpoint({
  path: 'user/withdraw',
  auth: 'user',
  summary: '회원 탈퇴',
  request: emptyRequestSchema,
  response: z.object({ withdrawn: z.literal(true) }),
});
