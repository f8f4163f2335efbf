import { z } from 'zod';

/** `GET /v1/health`: 200 when the database answers, 503 when it does not. Not enveloped. */
export const HEALTH_PATH = '/v1/health';
export const healthBodySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type HealthBody = z.infer<typeof healthBodySchema>;
