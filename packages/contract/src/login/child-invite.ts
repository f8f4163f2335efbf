import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { versionSchema } from '../home/terms.ts';
import { idSchema } from '../ids.ts';
import { childNameSchema, childSchema } from '../my/children.ts';
import { childLoginIdSchema, childPasswordSchema } from './children-login.ts';

/**
 * Child links (spec §2 /login/id/{id} and /login/pw/{id}): a parent makes a one-time link; the child
 * opens it on their own phone, without logging in, and sets their id and password (registration) or
 * a new password (reset). The `{id}` in the path is the link's random token.
 */
export const childLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'must be a link token');
export const childLinkPurposeSchema = z.enum(['REGISTER', 'RESET_PASSWORD']);

/** Links are good for 72 hours, once. */
export const CHILD_LINK_TTL_HOURS = 72;

const linkSchema = z.object({
  token: z.string(),
  /** Path of the page the child opens: `/login/id/{token}` or `/login/pw/{token}`. */
  path: z.string(),
  expiresAt: z.string(),
});

export const createChildInviteEndpoint = defineEndpoint({
  path: 'my/create-children-invite',
  auth: 'pin',
  summary: '자녀 가입 링크 만들기 (아이가 직접 아이디·비밀번호 등록)',
  request: z.object({
    userNm: childNameSchema,
    /**
     * The parent's consent to the child privacy document in force (decision 038), given when the
     * link is made: recorded for the child, in the same transaction, when the child registers.
     */
    guardianConsentVersion: versionSchema,
  }),
  response: linkSchema,
});

export const createChildPasswordLinkEndpoint = defineEndpoint({
  path: 'my/create-children-password-link',
  auth: 'pin',
  summary: '자녀 비밀번호 재설정 링크 만들기',
  request: z.object({ childrenUserId: idSchema }),
  response: linkSchema,
});

/** What the child's page shows before acting; a used, expired or unknown link is 404. */
export const childLinkInfoEndpoint = defineEndpoint({
  path: 'login/child-link-info',
  auth: 'public',
  summary: '자녀 링크 정보',
  request: z.object({ token: childLinkTokenSchema }),
  response: z.object({
    purpose: childLinkPurposeSchema,
    userNm: z.string(),
    parentAlias: z.string(),
    /** For a reset: the child's login id. */
    loginId: z.string().nullable(),
    expiresAt: z.string(),
  }),
});

export const registerChildByLinkEndpoint = defineEndpoint({
  path: 'login/register-children',
  auth: 'public',
  summary: '자녀 가입 링크로 자녀 아이디 등록',
  request: z.object({
    token: childLinkTokenSchema,
    loginId: childLoginIdSchema,
    password: childPasswordSchema,
    agreements: z.object({ termsOfUse: z.literal(true), privacyPolicy: z.literal(true) }),
  }),
  response: childSchema,
});

export const resetChildPasswordByLinkEndpoint = defineEndpoint({
  path: 'login/reset-children-password',
  auth: 'public',
  summary: '링크로 자녀 비밀번호 바꾸기',
  request: z.object({ token: childLinkTokenSchema, password: childPasswordSchema }),
  response: z.object({ changed: z.literal(true) }),
});

export type ChildLinkInfo = z.infer<typeof childLinkInfoEndpoint.response>;
export type ChildLinkPurpose = z.infer<typeof childLinkPurposeSchema>;
