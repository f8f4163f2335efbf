import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
import { versionSchema } from '../home/terms.ts';
import { idSchema } from '../ids.ts';
import {
  LOGIN_PASSWORD_INPUT_MAX,
  childLoginIdSchema,
  childPasswordSchema,
} from '../login/children-login.ts';

export const CHILD_NAME_MAX = 20;
export const childNameSchema = z.string().trim().min(1).max(CHILD_NAME_MAX);
const childrenUserIdSchema = idSchema;

export const childSchema = z.object({
  childrenUserId: z.string(),
  loginId: z.string(),
  userNm: z.string(),
  alias: z.string(),
  createdAt: z.string(),
});
export type Child = z.infer<typeof childSchema>;

/** A parent's own children, oldest first. Pin users only. */
export const childrenListEndpoint = defineEndpoint({
  path: 'my/children-list',
  auth: 'pin',
  summary: '내 자녀 목록',
  request: emptyRequestSchema,
  response: z.array(childSchema),
});

export const childrenInfoEndpoint = defineEndpoint({
  path: 'my/children-info',
  auth: 'pin',
  summary: '자녀 정보',
  request: z.object({ childrenUserId: childrenUserIdSchema }),
  response: childSchema,
});

export const createChildrenEndpoint = defineEndpoint({
  path: 'my/create-children',
  auth: 'pin',
  summary: '자녀 계정 만들기',
  request: z.object({
    loginId: childLoginIdSchema,
    password: childPasswordSchema,
    userNm: childNameSchema,
    /**
     * The version of the child privacy document (home/child-consent) the parent agreed to: it must
     * be the one in force (decision 038), else 400 on this field and nothing is made.
     */
    guardianConsentVersion: versionSchema,
  }),
  response: childSchema,
});

export const guardianConsentSchema = z.object({
  version: z.string(),
  title: z.string(),
  agreedAt: z.string(),
  /** The parent who agreed (their alias). */
  parentAlias: z.string(),
});
export type GuardianConsent = z.infer<typeof guardianConsentSchema>;

export const childConsentStateSchema = z.object({
  childrenUserId: z.string(),
  userNm: z.string(),
  /** True when no consent to the version in force (or a newer required one) is recorded: ask again. */
  consentNeeded: z.boolean(),
  /** Every consent recorded for the child, newest first. */
  consents: z.array(guardianConsentSchema),
});
export type ChildConsentState = z.infer<typeof childConsentStateSchema>;

/**
 * The guardian's consents per child (decision 038): all of the parent's children, or the one asked
 * (404 for anyone else's). `document` is the version in force, null until one is published.
 */
export const childConsentsEndpoint = defineEndpoint({
  path: 'my/child-consents',
  auth: 'pin',
  summary: '자녀 개인정보 수집·이용 동의 내역',
  request: z.object({ childrenUserId: childrenUserIdSchema.optional() }),
  response: z.object({
    document: z.object({ version: z.string(), title: z.string() }).nullable(),
    children: z.array(childConsentStateSchema),
  }),
});

/** The parent agrees (again) to the version in force for one child; a row is recorded. */
export const agreeChildConsentEndpoint = defineEndpoint({
  path: 'my/agree-child-consent',
  auth: 'pin',
  summary: '자녀 개인정보 수집·이용 동의 (다시 받기)',
  request: z.object({ childrenUserId: childrenUserIdSchema, guardianConsentVersion: versionSchema }),
  response: childConsentStateSchema,
});

export const updateChildrenEndpoint = defineEndpoint({
  path: 'my/update-children',
  auth: 'pin',
  summary: '자녀 정보 수정 (이름, 비밀번호)',
  request: z
    .object({
      childrenUserId: childrenUserIdSchema,
      userNm: childNameSchema.optional(),
      password: childPasswordSchema.optional(),
    })
    .refine((body) => body.userNm !== undefined || body.password !== undefined, {
      message: 'give userNm or password',
      path: ['userNm'],
    }),
  response: childSchema,
});

/** Deletes the child and their personal data (certifications and photos included). */
export const deleteChildrenEndpoint = defineEndpoint({
  path: 'my/delete-children',
  auth: 'pin',
  summary: '자녀 계정 삭제',
  request: z.object({ childrenUserId: childrenUserIdSchema }),
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * The parent lifts the lock children login keeps on the child's login id after failures from
 * browsers the child never signed in on (ten, then growing waits; decision 033): the child signs
 * in at once, on any browser. 404 for anyone else's child. The password stays as it was.
 */
export const unlockChildLoginEndpoint = defineEndpoint({
  path: 'my/unlock-child-login',
  auth: 'pin',
  summary: '자녀 로그인 잠금 풀기',
  request: z.object({ childrenUserId: childrenUserIdSchema }),
  response: z.object({ unlocked: z.literal(true) }),
});

/** A child changes their own password (/my/pw). */
export const changeMyPasswordEndpoint = defineEndpoint({
  path: 'my/change-password',
  auth: 'user',
  summary: '자녀 비밀번호 변경',
  request: z.object({
    currentPassword: z.string().max(LOGIN_PASSWORD_INPUT_MAX),
    newPassword: childPasswordSchema,
  }),
  response: z.object({ changed: z.literal(true) }),
});

/** A child changes their own login id (/my/id); the current password proves it is them. */
export const changeMyIdEndpoint = defineEndpoint({
  path: 'my/change-id',
  auth: 'user',
  summary: '자녀 아이디 변경',
  request: z.object({
    currentPassword: z.string().max(LOGIN_PASSWORD_INPUT_MAX),
    newLoginId: childLoginIdSchema,
  }),
  response: z.object({ loginId: z.string() }),
});
