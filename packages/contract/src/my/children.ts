import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';
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
  request: z.object({ loginId: childLoginIdSchema, password: childPasswordSchema, userNm: childNameSchema }),
  response: childSchema,
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
