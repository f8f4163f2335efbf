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

/**
 * `GET /v1/health/ready`: whether a balancer should send this server traffic (decision 043). 200
 * when it is ready and every dependency it uses answered within a second; 503 while it starts, while
 * it drains before stopping, or when a dependency is down. `/v1/health` stays the liveness check.
 */
export const HEALTH_READY_PATH = '/v1/health/ready';

const dependencyStateSchema = z.enum(['up', 'down']);

export const readinessBodySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  state: z.enum(['starting', 'ready', 'draining']),
  /** Each dependency this server uses: always the database; Redis and the photo bucket when configured. */
  dependencies: z.object({
    database: dependencyStateSchema,
    redis: dependencyStateSchema.optional(),
    storage: dependencyStateSchema.optional(),
  }),
});
export type ReadinessBody = z.infer<typeof readinessBodySchema>;
