import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRateLimiter, type CounterStore } from '../../lib/rate-limiter.ts';
import { countUnattachedFiles } from './upload-limits.repository.ts';

/**
 * What one person's uploads may cost: each is decoded and re-encoded, and each is stored until a
 * certification takes it or the day-old purge removes it. Checked before the body is read.
 */
export function createUploadLimits(deps: {
  db: Kysely<Database>;
  counters: CounterStore;
  limits: { perHour: number; pending: number };
}) {
  const perHour = createRateLimiter(deps.counters, {
    name: 'uploads',
    limit: deps.limits.perHour,
    windowMs: 60 * 60 * 1000,
  });
  return {
    /** 429 when the person has uploaded their hour's photos, or holds too many unused ones. */
    async admit(ownerId: number): Promise<void> {
      if ((await countUnattachedFiles(deps.db, ownerId)) >= deps.limits.pending) {
        const error = new AppError('RATE_LIMITED', 'Too many photos not used in a certification yet');
        error.limiter = 'uploads-pending';
        throw error;
      }
      await perHour.consume(String(ownerId));
    },
  };
}
export type UploadLimits = ReturnType<typeof createUploadLimits>;
