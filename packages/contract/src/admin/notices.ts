import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

export const noticeStatusSchema = z.enum(['DRAFT', 'PUBLISHED']);

export const adminNoticeSchema = z.object({
  noticeId: z.string(),
  title: z.string(),
  content: z.string(),
  isTop: z.boolean(),
  status: noticeStatusSchema,
  /** When it shows in the app (a published notice with a later time is scheduled). */
  publishedAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

const noticeFields = z.object({
  title: z.string().trim().min(1).max(100),
  /** Rich text; sanitized like certification text. */
  content: z.string().max(20_000),
  isTop: z.boolean().default(false),
  status: noticeStatusSchema.default('DRAFT'),
  /** Omitted: now. */
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});

export const adminNoticeListEndpoint = defineAdminEndpoint({
  path: 'notices/list',
  access: ['content'],
  summary: '공지 목록 (초안 포함, 최신순)',
  request: pageRequestSchema.extend({ query: z.string().trim().max(100).optional() }),
  response: z.object({ items: z.array(adminNoticeSchema), total: z.number().int().nonnegative() }),
});

export const adminNoticeCreateEndpoint = defineAdminEndpoint({
  path: 'notices/create',
  access: ['content'],
  summary: '공지 작성',
  request: noticeFields,
  response: adminNoticeSchema,
});

export const adminNoticeUpdateEndpoint = defineAdminEndpoint({
  path: 'notices/update',
  access: ['content'],
  summary: '공지 수정',
  request: noticeFields.extend({ noticeId: idSchema }),
  response: adminNoticeSchema,
});

export const adminNoticeDeleteEndpoint = defineAdminEndpoint({
  path: 'notices/delete',
  access: ['content'],
  summary: '공지 삭제',
  request: z.object({ noticeId: idSchema }),
  response: z.object({ deleted: z.literal(true) }),
});
