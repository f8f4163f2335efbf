import { z } from 'zod';

export { HEALTH_PATH } from '../route.ts';

export const healthBodySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** The server's clock (ISO instant) and its Asia/Seoul day: what "today" means to it. */
  now: z.iso.datetime(),
  today: z.iso.date(),
});
export type HealthBody = z.infer<typeof healthBodySchema>;
