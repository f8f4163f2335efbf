import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint } from './endpoint.ts';

export const adminFaqSchema = z.object({
  faqId: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
  sort: z.number().int(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;

const faqFields = z.object({
  /** 계정, 미션 인증, 팀, 보상 … (the app groups by it). */
  category: z.string().trim().min(1).max(20),
  question: z.string().trim().min(2).max(200),
  /** Plain text; blank lines separate paragraphs. */
  answer: z.string().trim().min(2).max(3000),
  sort: z.number().int().min(0).max(9999).default(0),
});

export const adminFaqListEndpoint = defineAdminEndpoint({
  path: 'faqs/list',
  access: ['content'],
  summary: 'FAQ 목록 (앱과 같은 순서)',
  request: z.object({}),
  response: z.object({ items: z.array(adminFaqSchema) }),
});

export const adminFaqCreateEndpoint = defineAdminEndpoint({
  path: 'faqs/create',
  access: ['content'],
  summary: 'FAQ 추가',
  request: faqFields,
  response: adminFaqSchema,
});

export const adminFaqUpdateEndpoint = defineAdminEndpoint({
  path: 'faqs/update',
  access: ['content'],
  summary: 'FAQ 수정',
  request: faqFields.extend({ faqId: idSchema }),
  response: adminFaqSchema,
});

export const adminFaqDeleteEndpoint = defineAdminEndpoint({
  path: 'faqs/delete',
  access: ['content'],
  summary: 'FAQ 삭제',
  request: z.object({ faqId: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});
