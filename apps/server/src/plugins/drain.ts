import { HEALTH_PATH, HEALTH_READY_PATH } from '@hamkke/contract/system/health';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Readiness } from '../lib/readiness.ts';

/** Probes keep their own answers while draining: alive, and not ready. */
const probePaths = new Set([HEALTH_PATH, HEALTH_READY_PATH]);

/**
 * While the server drains before it stops (decision 043):
 * - every answer says `Connection: close`, so the balancer keeps no connection to it that could be
 *   closed under a request it is sending;
 * - a GET or HEAD is refused with 503 before anything is read or done, so a balancer that retries
 *   idempotent requests (nginx's `proxy_next_upstream http_503`) sends it to another server and marks
 *   this one down. Writes (POST) are still served in full: a balancer never resends a write it sent.
 */
export function registerDrainGate(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.state() !== 'draining') return;
    reply.header('connection', 'close');
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (probePaths.has(request.url.split('?')[0] ?? '')) return;
    const refused = new AppError('SERVICE_UNAVAILABLE', 'This server is stopping; ask another');
    refused.retryAfterSeconds = 1;
    throw refused;
  });
}
