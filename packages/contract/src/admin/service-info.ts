import { z } from 'zod';
import { defineAdminEndpoint } from './endpoint.ts';

/** The service information page of /my (`content_pages` row SERVICE_INFO): plain text. */
export const adminServiceInfoSchema = z.object({
  title: z.string(),
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdminServiceInfo = z.infer<typeof adminServiceInfoSchema>;

export const adminServiceInfoGetEndpoint = defineAdminEndpoint({
  path: 'service-info/get',
  access: ['content'],
  summary: '서비스 안내 보기',
  request: z.object({}),
  response: adminServiceInfoSchema,
});

export const adminServiceInfoUpdateRequestSchema = z.object({
  title: z.string().trim().min(2).max(100),
  /** Plain text; blank lines separate paragraphs. */
  content: z.string().trim().min(10).max(20_000),
});

export const adminServiceInfoUpdateEndpoint = defineAdminEndpoint({
  path: 'service-info/update',
  access: ['content'],
  summary: '서비스 안내 수정 (앱에 바로 보여요)',
  request: adminServiceInfoUpdateRequestSchema,
  response: adminServiceInfoSchema,
});
