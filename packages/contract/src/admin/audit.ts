import { z } from 'zod';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

export const auditEntrySchema = z.object({
  auditId: z.string(),
  operatorId: z.string(),
  operatorLoginId: z.string(),
  /** e.g. `notice.create`, `person.reveal`. */
  action: z.string(),
  /** What it was done to, e.g. `notice:12`. */
  target: z.string(),
  /** Before and after, summarized (JSON). */
  summary: z.string(),
  address: z.string(),
  createdAt: z.string(),
});

/** The audit log: append-only, newest first. Every operator may read it; nobody may change it. */
export const auditListEndpoint = defineAdminEndpoint({
  path: 'audit/list',
  access: ['admin'],
  summary: '감사 기록 (최신순)',
  request: pageRequestSchema.extend({
    action: z.string().max(60).optional(),
    operatorId: z.string().max(20).optional(),
  }),
  response: z.object({ items: z.array(auditEntrySchema), total: z.number().int().nonnegative() }),
});
