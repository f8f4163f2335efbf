import { z } from 'zod';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

export const termsDocumentSchema = z.object({
  version: z.string(),
  title: z.string(),
  /** Plain text with blank lines between paragraphs. */
  content: z.string(),
  effectiveDate: isoDaySchema,
});
export type TermsDocument = z.infer<typeof termsDocumentSchema>;

/** A document's version as people name it when they agree to one. */
export const versionSchema = z.string().regex(/^\d{1,3}(\.\d{1,3}){0,2}$/, 'must be a version like 1.2');

/** Terms of use: the asked version, or the one in force today; with every version's date. */
export const termsOfUseEndpoint = defineEndpoint({
  path: 'home/terms-of-use',
  auth: 'public',
  summary: '이용약관 (버전 지정 가능)',
  request: z.object({ version: versionSchema.optional() }),
  response: termsDocumentSchema.extend({
    versions: z.array(termsDocumentSchema.pick({ version: true, effectiveDate: true })),
  }),
});

/** Privacy policy versions, newest first. */
export const privacyPolicyListEndpoint = defineEndpoint({
  path: 'home/privacy-policy-list',
  auth: 'public',
  summary: '개인정보 처리방침 버전 목록 (최신순)',
  request: emptyRequestSchema,
  response: z.array(termsDocumentSchema),
});

/**
 * 만 14세 미만 아동의 개인정보 수집·이용 동의 (issue 32, decision 038): the asked version, or the one in
 * force today. A parent agrees to it for each child; the child-creation form and the registration
 * link's form show it under "내용 보기".
 */
export const childConsentEndpoint = defineEndpoint({
  path: 'home/child-consent',
  auth: 'public',
  summary: '만 14세 미만 아동의 개인정보 수집·이용 동의 (버전 지정 가능)',
  request: z.object({ version: versionSchema.optional() }),
  response: termsDocumentSchema,
});
