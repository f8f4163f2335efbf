import { seoulDay } from '@hamkke/contract/seoul-day';
import { HEALTH_PATH, type HealthBody } from '@hamkke/contract/system/health';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Checked by the web app before a Kakao login starts (spec §4, 3 s time-out on its side). It also
 * says what time and day it is for the server, so a test or a probe compares against the server's
 * "today" rather than its own.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock },
): void {
  app.get(HEALTH_PATH, { config: { auth: 'public' } }, async (_request, reply) => {
    const up = await pingDatabase(deps.db);
    const now = deps.clock();
    const time = { now: now.toISOString(), today: seoulDay(now) };
    const body: HealthBody = up
      ? { status: 'ok', database: 'up', ...time }
      : { status: 'unavailable', database: 'down', ...time };
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
