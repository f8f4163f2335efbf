import { HEALTH_PATH, type HealthBody } from '@hamkke/contract/system/health';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

/** Checked by the web app before a Kakao login starts (spec §4, 3 s time-out on its side). */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  app.get(HEALTH_PATH, { config: { auth: 'public' } }, async (_request, reply) => {
    const up = await pingDatabase(deps.db);
    const body: HealthBody = up
      ? { status: 'ok', database: 'up' }
      : { status: 'unavailable', database: 'down' };
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
