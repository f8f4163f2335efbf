import { z } from 'zod';
import { isoDaySchema } from '../dates.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

export const auditEntrySchema = z.object({
  auditId: z.string(),
  /** Null for a failed sign-in of an id that is no operator (its target names the id tried). */
  operatorId: z.string().nullable(),
  operatorLoginId: z.string().nullable(),
  /** e.g. `notice.create`, `person.reveal`. */
  action: z.string(),
  /** What it was done to, e.g. `notice:12`. */
  target: z.string(),
  /** Before and after, summarized (JSON). */
  summary: z.string(),
  address: z.string(),
  createdAt: z.string(),
});

/**
 * The audit log: append-only, newest first. Every operator may read it; nobody may change it.
 * Filters (all optional, combined): the operator, the action (exact, e.g. `reward.export`) or its
 * kind (`reward`: every `reward.*`), the target (exact `notice:12`, or a kind `notice` for every
 * notice), and Seoul days `from`–`to` (both included).
 */
export const auditListEndpoint = defineAdminEndpoint({
  path: 'audit/list',
  access: ['admin'],
  summary: '감사 기록 (최신순)',
  request: pageRequestSchema.extend({
    action: z.string().trim().max(60).optional(),
    operatorId: z.string().max(20).optional(),
    target: z.string().trim().max(80).optional(),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
  }),
  response: z.object({ items: z.array(auditEntrySchema), total: z.number().int().nonnegative() }),
});

/** The operators the audit log can be filtered by (id and login id, every operator ever). */
export const auditOperatorsEndpoint = defineAdminEndpoint({
  path: 'audit/operators',
  access: ['admin'],
  summary: '감사 기록을 거를 운영자 목록',
  request: z.object({}),
  response: z.object({ items: z.array(z.object({ operatorId: z.string(), loginId: z.string() })) }),
});
