import { z } from 'zod';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * A login log record (spec §3). The client reads `data`. Stored as client-reported with the caller's
 * address; `userId` and `birthDate` are kept only when the call carries that person's token, and
 * without a token only failures (`result` N) are taken.
 */
export const loginLogEndpoint = defineEndpoint({
  path: 'login/login-log',
  auth: 'public',
  summary: '로그인 로그 저장',
  request: z.object({
    userId: z.string().max(20).nullish(),
    logdetail: z.string().min(1).max(500),
    birthDate: isoDaySchema.nullish(),
    result: z.enum(['Y', 'N']),
  }),
  response: z.object({ data: z.object({ saved: z.literal(true) }) }),
});
