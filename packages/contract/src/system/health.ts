import { z } from 'zod';

export { HEALTH_PATH } from '../route.ts';

export const healthBodySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type HealthBody = z.infer<typeof healthBodySchema>;
