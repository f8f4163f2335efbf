import { z } from 'zod';
import { defineAdminEndpoint } from './endpoint.ts';

/** Common codes (`common_codes`): labels the app shows for stored codes, by group. */
export const adminCommonCodeSchema = z.object({
  groupKey: z.string(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type AdminCommonCode = z.infer<typeof adminCommonCodeSchema>;

const groupKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Z][A-Z0-9_]*$/, 'must be like PROOF_TYPE');
const codeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -');

export const adminCommonCodeListEndpoint = defineAdminEndpoint({
  path: 'common-codes/list',
  access: ['content'],
  summary: '공통 코드 목록 (그룹별, 비활성 포함)',
  request: z.object({ groupKey: groupKeySchema.optional() }),
  response: z.object({ groups: z.array(z.string()), items: z.array(adminCommonCodeSchema) }),
});

export const adminCommonCodeFieldsSchema = z.object({
  name: z.string().trim().min(1).max(50),
  sort: z.number().int().min(0).max(9999),
});

export const adminCommonCodeCreateRequestSchema = adminCommonCodeFieldsSchema.extend({
  groupKey: groupKeySchema,
  code: codeSchema,
});

export const adminCommonCodeCreateEndpoint = defineAdminEndpoint({
  path: 'common-codes/create',
  access: ['content'],
  summary: '공통 코드 추가',
  request: adminCommonCodeCreateRequestSchema,
  response: adminCommonCodeSchema,
});

export const adminCommonCodeUpdateEndpoint = defineAdminEndpoint({
  path: 'common-codes/update',
  access: ['content'],
  summary: '공통 코드 이름·순서 수정',
  request: adminCommonCodeFieldsSchema.extend({ groupKey: groupKeySchema, code: codeSchema }),
  response: adminCommonCodeSchema,
});

export const adminCommonCodeSetActiveEndpoint = defineAdminEndpoint({
  path: 'common-codes/set-active',
  access: ['content'],
  summary: '공통 코드 사용 중지·다시 사용',
  request: z.object({ groupKey: groupKeySchema, code: codeSchema, active: z.boolean() }),
  response: adminCommonCodeSchema,
});
