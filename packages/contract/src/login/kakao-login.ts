import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
import {
  kakaoAccessTokenSchema,
  kakaoTokenSchema,
  loginResultSchema,
  pinUserSchema,
  userInfoSchema,
} from './session.ts';

/**
 * Starts a Kakao login: the server makes the `state` and the PKCE verifier, keeps them bound to this
 * browser (an HttpOnly cookie) and answers the authorize URL to go to.
 */
export const kakaoAuthorizeEndpoint = defineEndpoint({
  path: 'login/kakao-authorize',
  auth: 'public',
  summary: '카카오 로그인 시작 (state, PKCE S256)',
  request: emptyRequestSchema,
  response: z.object({ authorizeUrl: z.string() }),
});

/** Outcomes of the Kakao step (spec §4); the server decides them from Kakao's own answer. */
export const kakaoOutcomeSchema = z.enum(['USER', 'NEED_AGREEMENT', 'UNDER19', 'EMPTY_PHONE_NUMBER']);
export type KakaoOutcome = z.infer<typeof kakaoOutcomeSchema>;

/**
 * Exchanges the authorization code (with the stored PKCE verifier), reads the profile and checks
 * age (만 19세) and phone number.
 */
export const kakaoAuthTokensEndpoint = defineEndpoint({
  path: 'login/kakaoAuthTokens',
  auth: 'public',
  summary: '인가 코드 교환, 프로필 확인, 나이·전화번호 확인',
  request: z.object({
    code: z.string().min(1).max(512),
    state: z.string().min(16).max(128),
  }),
  response: z.object({
    outcome: kakaoOutcomeSchema,
    /** Present for USER and NEED_AGREEMENT: proves the Kakao account to the next calls. */
    kakaoToken: kakaoTokenSchema.nullable(),
    /** Present for USER. */
    userInfo: userInfoSchema.nullable(),
  }),
});

/** The proof every later Kakao-login call carries: the person named and their Kakao token. */
const kakaoProofSchema = z.object({
  userId: z.string().min(1).max(20),
  loginKey: z.string().min(1).max(200),
  kakaoAccessToken: kakaoAccessTokenSchema,
});

/** 핀 유저 확인. The client reads the first item of `data`. */
export const loginCheckPinUserEndpoint = defineEndpoint({
  path: 'login/login-check-pin-user',
  auth: 'public',
  summary: '핀 유저(회원 인증) 여부 확인',
  request: kakaoProofSchema,
  response: z.object({ data: z.array(pinUserSchema).length(1) }),
});

/** Logs a registered adult in and issues the service's access token. */
export const loginEndpoint = defineEndpoint({
  path: 'login/login',
  auth: 'public',
  summary: '로그인 (액세스 토큰 발급)',
  request: kakaoProofSchema,
  response: loginResultSchema,
});

export const agreementsSchema = z.object({
  termsOfUse: z.literal(true),
  privacyPolicy: z.literal(true),
  marketing: z.boolean().default(false),
});

/** First login: consent, then registration from Kakao's own profile, then the client logs in. */
export const registerEndpoint = defineEndpoint({
  path: 'login/register',
  auth: 'public',
  summary: '약관 동의 후 회원 가입',
  request: z.object({
    kakaoAccessToken: kakaoAccessTokenSchema,
    agreements: agreementsSchema,
    termsVersion: z.string().min(1).max(20),
    privacyVersion: z.string().min(1).max(20),
  }),
  response: z.object({ userInfo: userInfoSchema }),
});
