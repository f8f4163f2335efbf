import { z } from 'zod';
import { isoDaySchema } from '../dates.ts';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

const logSourceSchema = z.enum(['SERVER', 'CLIENT']);

/** Seoul days, both inclusive. */
const dayRange = {
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
};

export const adminActivityLogSchema = z.object({
  logId: z.string(),
  eventType: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  statusCode: z.number().int(),
  errorReason: z.string().nullable(),
  /** SERVER: written by the server itself; CLIENT: reported through the public log call. */
  source: logSourceSchema,
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});

export const adminLoginLogSchema = z.object({
  logId: z.string(),
  userId: z.string().nullable(),
  logdetail: z.string(),
  result: z.enum(['Y', 'N']),
  source: logSourceSchema,
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});

export const adminActivityLogListEndpoint = defineAdminEndpoint({
  path: 'logs/activity',
  access: ['support'],
  summary: '활동 로그 (이벤트, 사람, 기간, 출처로 거르기)',
  request: pageRequestSchema.extend({
    ...dayRange,
    eventType: z.string().trim().max(60).optional(),
    userId: idSchema.optional(),
    source: logSourceSchema.optional(),
  }),
  response: z.object({ items: z.array(adminActivityLogSchema), total: z.number().int().nonnegative() }),
});

/** Login logs; the birth date they may keep is never shown. */
export const adminLoginLogListEndpoint = defineAdminEndpoint({
  path: 'logs/login',
  access: ['support'],
  summary: '로그인 로그 (사람, 결과, 기간으로 거르기)',
  request: pageRequestSchema.extend({
    ...dayRange,
    userId: idSchema.optional(),
    result: z.enum(['Y', 'N']).optional(),
  }),
  response: z.object({ items: z.array(adminLoginLogSchema), total: z.number().int().nonnegative() }),
});
