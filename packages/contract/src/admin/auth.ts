import { z } from 'zod';
import { defineAdminEndpoint, operatorRoleSchema } from './endpoint.ts';

export const operatorLoginIdSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'lowercase letters, digits, dot, dash and underscore');

export const operatorSchema = z.object({
  operatorId: z.string(),
  loginId: z.string(),
  role: operatorRoleSchema,
});
export type Operator = z.infer<typeof operatorSchema>;

const sessionSchema = z.object({
  operator: operatorSchema,
  /** Sent back in the CSRF header on every write of this session. */
  csrfToken: z.string(),
  /** When the session ends at the latest (12 h after login); it also ends after 30 idle minutes. */
  expiresAt: z.string(),
});

export const operatorLoginEndpoint = defineAdminEndpoint({
  path: 'auth/login',
  access: 'public',
  summary: '운영자 로그인 (아이디, 비밀번호, OTP)',
  request: z.object({
    loginId: z.string().min(1).max(40),
    password: z.string().min(1).max(200),
    totp: z.string().regex(/^\d{6}$/, 'six digits'),
  }),
  response: sessionSchema,
});

export const operatorMeEndpoint = defineAdminEndpoint({
  path: 'auth/me',
  access: 'operator',
  csrf: false,
  summary: '로그인한 운영자',
  request: z.object({}),
  response: sessionSchema,
});

export const operatorLogoutEndpoint = defineAdminEndpoint({
  path: 'auth/logout',
  access: 'operator',
  summary: '운영자 로그아웃',
  request: z.object({}),
  response: z.object({ loggedOut: z.literal(true) }),
});
