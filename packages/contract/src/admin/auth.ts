import { z } from 'zod';
import { idSchema } from '../ids.ts';
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

export const operatorListItemSchema = operatorSchema.extend({
  status: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Failed sign-ins of this id from any address in the lock's window (24 hours). */
  failures: z.number().int().nonnegative(),
  /** Until when the id must wait after failed sign-ins; null when it may sign in now. */
  lockedUntil: z.string().nullable(),
});

/** The operators, each with its sign-in lock (decision 030). */
export const operatorListEndpoint = defineAdminEndpoint({
  path: 'operators/list',
  access: ['admin'],
  summary: '운영자 목록과 로그인 잠금',
  request: z.object({}),
  response: z.object({ items: z.array(operatorListItemSchema) }),
});

/** Lifts an operator's sign-in lock (its failures and wait); an audit row records it. */
export const operatorUnlockEndpoint = defineAdminEndpoint({
  path: 'operators/unlock',
  access: ['admin'],
  summary: '운영자 로그인 잠금 풀기',
  request: z.object({ operatorId: idSchema }),
  response: z.object({ unlocked: z.literal(true) }),
});
