import { z } from 'zod';
import { userStatuses, userTypes } from './user-kinds.ts';

export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The session user the web app keeps (spec §3). Ids are strings end to end. */
export const userInfoSchema = z.object({
  userId: z.string(),
  /** Login id of a child; the Kakao id of a parent. */
  id: z.string(),
  /** SEED-CBC of the Kakao id (parents), base64; names a person, never proves one. Empty for children. */
  loginKey: z.string(),
  userNm: z.string(),
  alias: z.string(),
  userStatus: userStatusSchema,
  userType: z.enum(userTypes),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const tokensSchema = z.object({
  access: z.object({
    token: z.string(),
    /** Epoch milliseconds. */
    expires: z.number().int(),
  }),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const kakaoTokenSchema = z.object({ access_token: z.string() });

/**
 * A Kakao access token as a call carries it: visible ASCII only (Kakao's tokens are URL-safe), so a
 * NUL or a non-Latin-1 character is refused here instead of breaking the header sent to Kakao.
 */
export const kakaoAccessTokenSchema = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'must be a Kakao access token');
export type KakaoToken = z.infer<typeof kakaoTokenSchema>;

export const pinUserSchema = z.object({ result: z.enum(['Y', 'N']) });
export type PinUser = z.infer<typeof pinUserSchema>;

/** What a successful login hands the web app. */
export const loginResultSchema = z.object({ userInfo: userInfoSchema, tokens: tokensSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * The body spec §7's client sends to login, check-user-status, my/check-pin-user and my/myinfo: the
 * session user's userId and loginKey (empty for children). Only the access token proves who calls;
 * a userId naming someone else is refused like the session header (decision 035).
 */
export const sessionBodySchema = z.object({
  userId: z.string().max(40).optional(),
  loginKey: z.string().max(200).optional(),
});
export type SessionBody = z.infer<typeof sessionBodySchema>;
