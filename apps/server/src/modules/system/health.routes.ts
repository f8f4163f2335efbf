import { seoulDay } from '@hamkke/contract/seoul-day';
import {
  HEALTH_PATH,
  HEALTH_READY_PATH,
  type HealthBody,
  type ReadinessBody,
} from '@hamkke/contract/system/health';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Readiness } from '../../lib/readiness.ts';

/**
 * Checked by the web app before a Kakao login starts (spec §4, 3 s time-out on its side). It also
 * says what time and day it is for the server, so a test or a probe compares against the server's
 * "today" rather than its own.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; readiness: Readiness },
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

  /** The balancer's question (decision 043): 503 while starting, draining or with a dependency down. */
  app.get(HEALTH_READY_PATH, { config: { auth: 'public' } }, async (_request, reply) => {
    const report = await deps.readiness.check();
    // The metrics' app_ready follows the last answer, so the alert sees what the balancer sees.
    app.metrics.setReady(report.ready);
    const body: ReadinessBody = {
      status: report.ready ? 'ready' : 'unavailable',
      state: report.state,
      dependencies: { database: 'down', ...report.dependencies },
    };
    return reply
      .status(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
