import { z } from 'zod';
import { defineAdminEndpoint } from './endpoint.ts';

/*
 * Terms of use and the privacy policy as the console publishes them: a new version every time, never
 * an edit in place. A version marked required, once in force, asks everyone who agreed to an older
 * one to agree again at their next login.
 */
/** `CHILD_PRIVACY_CONSENT`: 만 14세 미만 아동의 개인정보 수집·이용 동의, asked of a parent per child (decision 038). */
export const adminTermsKindSchema = z.enum(['TERMS_OF_USE', 'PRIVACY_POLICY', 'CHILD_PRIVACY_CONSENT']);
export type AdminTermsKind = z.infer<typeof adminTermsKindSchema>;

export const adminTermsVersionSchema = z.object({
  termsId: z.string(),
  kind: adminTermsKindSchema,
  version: z.string(),
  title: z.string(),
  content: z.string(),
  effectiveDate: z.iso.date(),
  required: z.boolean(),
  /** The version in force today (Seoul): the newest whose effective date has come. */
  inForce: z.boolean(),
  /** Null for versions that came with the demo data. */
  publishedAt: z.string().nullable(),
});
export type AdminTermsVersion = z.infer<typeof adminTermsVersionSchema>;

export const adminTermsListEndpoint = defineAdminEndpoint({
  path: 'terms/list',
  access: ['content'],
  summary: '약관·개인정보 처리방침 버전 목록 (최신 순)',
  request: z.object({ kind: adminTermsKindSchema }),
  response: z.object({ items: z.array(adminTermsVersionSchema) }),
});

export const adminTermsPublishRequestSchema = z.object({
  kind: adminTermsKindSchema,
  /** `1.2`, `2.0`: digits and dots; unique per kind. */
  version: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^\d+(\.\d+){0,3}$/, 'must be like 1.2'),
  title: z.string().trim().min(2).max(100),
  /** Plain text; blank lines separate paragraphs. */
  content: z.string().trim().min(10).max(100_000),
  /** Today or later, and not before the newest version's date. */
  effectiveDate: z.iso.date(),
  required: z.boolean(),
});

export const adminTermsPublishEndpoint = defineAdminEndpoint({
  path: 'terms/publish',
  access: ['content'],
  summary: '약관 새 버전 게시 (기존 버전은 수정할 수 없어요)',
  request: adminTermsPublishRequestSchema,
  response: adminTermsVersionSchema,
});
