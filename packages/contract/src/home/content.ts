import { z } from 'zod';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

export const faqSchema = z.object({
  faqId: z.string(),
  /** 계정, 미션 인증, 팀, 보상 … */
  category: z.string(),
  question: z.string(),
  /** Plain text with blank lines between paragraphs. */
  answer: z.string(),
});
export type Faq = z.infer<typeof faqSchema>;

/** Every FAQ entry in the operator's order (/my/faq). */
export const faqListEndpoint = defineEndpoint({
  path: 'home/faq-list',
  auth: 'public',
  summary: '자주 묻는 질문',
  request: emptyRequestSchema,
  response: z.array(faqSchema),
});

export const serviceInfoSchema = z.object({
  title: z.string(),
  /** Plain text with blank lines between paragraphs. */
  content: z.string(),
  updatedAt: z.string(),
});
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;

/** The service information page (/my/serviceinfo). */
export const serviceInfoEndpoint = defineEndpoint({
  path: 'home/service-info',
  auth: 'public',
  summary: '서비스 안내',
  request: emptyRequestSchema,
  response: serviceInfoSchema,
});
