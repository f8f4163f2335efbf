import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../lib/app-error.ts';
import { endpointLabel, type AppMetrics } from '../lib/metrics.ts';
import { sendRouteNotFound } from './errors.ts';

export const METRICS_PATH = '/metrics';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `Authorization: Bearer <token>` naming the configured token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** Prometheus's answer: the registry's text, never cached. */
export async function sendMetrics(metrics: AppMetrics, reply: FastifyReply): Promise<FastifyReply> {
  const { contentType, body } = await metrics.text();
  return reply.header('cache-control', 'no-store').type(contentType).send(body);
}

/**
 * Counts every answer by the contract's endpoint name, status class and time; counts rate-limit
 * refusals by limiter; serves `GET /metrics` on the public port only to a bearer of
 * `METRICS_TOKEN` (everyone else gets the same 404 as any unknown path). Without a token the
 * metrics are served only on `METRICS_PORT` (main.ts), or not at all.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { metrics: AppMetrics; token: string | null },
): void {
  const { metrics, token } = options;
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const endpoint = endpointLabel(request.routeOptions.url, request.method, request.url);
    metrics.request(endpoint, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof AppError && error.code === 'RATE_LIMITED')
      metrics.rateLimited(error.limiter ?? 'other');
  });
  app.get(METRICS_PATH, { config: { auth: 'public' } }, async (request, reply) => {
    if (token === null || !bearerMatches(request.headers.authorization, token))
      return sendRouteNotFound(request, reply);
    return sendMetrics(metrics, reply);
  });
}
