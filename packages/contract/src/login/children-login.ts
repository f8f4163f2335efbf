import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
import { loginResultSchema } from './session.ts';

/** Limits forms share with the server. */
export const CHILD_LOGIN_ID_MAX = 20;
export const CHILD_PASSWORD_MIN = 8;
export const CHILD_PASSWORD_MAX = 64;
/** What the login form accepts before the server says whether it is right. */
export const LOGIN_ID_INPUT_MAX = 64;
export const LOGIN_PASSWORD_INPUT_MAX = 128;

export const childLoginIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(4)
  .max(CHILD_LOGIN_ID_MAX)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, - or _');
export const childPasswordSchema = z.string().min(CHILD_PASSWORD_MIN).max(CHILD_PASSWORD_MAX);

/** Child login with the id and password the parent set (spec §3, §4). */
export const childrenLoginEndpoint = defineEndpoint({
  path: 'login/children-login',
  auth: 'public',
  summary: '자녀 로그인',
  request: z.object({
    id: z.string().max(LOGIN_ID_INPUT_MAX),
    password: z.string().max(LOGIN_PASSWORD_INPUT_MAX),
    /** Keep this device signed in through the HttpOnly `autoLogin` cookie. */
    autoLogin: z.boolean().default(true),
  }),
  response: loginResultSchema,
});

/** Signs a child in again from the `autoLogin` cookie; `null` when there is no valid cookie. */
export const childrenAutoLoginEndpoint = defineEndpoint({
  path: 'login/children-auto-login',
  auth: 'public',
  summary: '자동 로그인 쿠키로 자녀 로그인',
  request: emptyRequestSchema,
  response: loginResultSchema.nullable(),
});

/** Extends the caller's access token to one hour from now (visits to home, challenge, team, my, shared). */
export const extendTokenEndpoint = defineEndpoint({
  path: 'login/extend-token',
  auth: 'user',
  summary: '액세스 토큰 1시간 연장',
  request: emptyRequestSchema,
  /** The new expiry, epoch milliseconds; the token itself stays the same. */
  response: z.object({ expires: z.number().int() }),
});

/**
 * Revokes this device's auto-login cookie and removes it (with its hint): what logout does to the
 * cookie, for a logout whose own call failed or met a token already revoked (issue 25). Public: the
 * cookie itself says whose it is, and removing one's own cookie needs no session.
 */
export const forgetAutoLoginEndpoint = defineEndpoint({
  path: 'login/forget-auto-login',
  auth: 'public',
  summary: '이 기기의 자동 로그인 쿠키 삭제',
  request: emptyRequestSchema,
  response: z.object({ forgotten: z.literal(true) }),
});

/** Revokes the caller's token and this device's auto-login cookie. */
export const logoutEndpoint = defineEndpoint({
  path: 'login/logout',
  auth: 'user',
  summary: '로그아웃',
  request: emptyRequestSchema,
  response: z.object({ loggedOut: z.literal(true) }),
});
