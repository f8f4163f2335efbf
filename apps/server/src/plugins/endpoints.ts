import { endpointUrl, type Endpoint } from '@hamkke/contract/endpoint';
import { errorBodySchema, successEnvelopeSchema } from '@hamkke/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import type { SessionUser } from './auth.ts';
import { checkTeamAccess, type TeamAccess } from './team-access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every front API endpoint registered, for the access-matrix tests and docs. */
    endpoints: Endpoint[];
  }
}

export interface EndpointContext<E extends Endpoint> {
  body: z.output<E['request']>;
  /** The authenticated caller; always set for `user` and `pin` endpoints. */
  session: E['auth'] extends 'public' ? SessionUser | null : SessionUser;
  request: FastifyRequest;
  /** For cookies; the handler's return value is the body. */
  reply: FastifyReply;
  /** The caller's membership of the body's team, checked before the handler (endpoints with `team`). */
  team: E['team'] extends 'member' | 'manager' ? TeamAccess : null;
}

/**
 * The one way to register a front API route: POST at the contract's path, the body validated by
 * the contract's request schema, the answer serialized (and so whitelisted) by its response
 * schema inside the `{ response }` envelope, and the contract's auth level enforced by the
 * auth plugin.
 */
/** The team access checked in preValidation, handed to the handler. */
const teamAccessOf = new WeakMap<FastifyRequest, TeamAccess>();

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: EndpointContext<E>) => Promise<z.input<E['response']>>,
): void {
  const tag = endpoint.path.split('/')[0] ?? 'api';
  app.endpoints.push(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: endpointUrl(endpoint),
    config: { auth: endpoint.auth },
    schema: {
      summary: endpoint.summary,
      tags: [tag],
      body: endpoint.request,
      response: {
        200: successEnvelopeSchema(endpoint.response),
        400: errorBodySchema,
        ...(endpoint.auth === 'public' ? {} : { 401: errorBodySchema, 403: errorBodySchema }),
        ...(endpoint.team ? { 404: errorBodySchema } : {}),
      },
      ...(endpoint.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    },
    // A call without a body is a call with an empty object.
    preValidation: async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
      refuseNulCharacters(request.body);
      // Team access before validation: a stranger learns nothing about the team, not even which
      // fields it would take.
      if (endpoint.team) {
        const access = await checkTeamAccess(app, endpoint.team, request.body, request.session);
        if (access) teamAccessOf.set(request, access);
      }
    },
    handler: async (request, reply) => {
      const team = teamAccessOf.get(request) ?? null;
      if (endpoint.team && !team) throw new Error(`${endpoint.path}: team access was not checked`);
      return {
        response: await handler({
          body: request.body as z.output<E['request']>,
          session: request.session as EndpointContext<E>['session'],
          request,
          reply,
          team: team as EndpointContext<E>['team'],
        }),
      };
    },
  });
}

/**
 * No text of any call may carry a NUL character: PostgreSQL cannot store one (SQLite would), and no
 * person types one. Refused with the field's path before the schema runs, for every endpoint.
 */
export function refuseNulCharacters(body: unknown): void {
  const stack: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        throw new AppError('VALIDATION_FAILED', 'Text may not contain NUL characters', [
          { path: path || '(body)', message: 'contains a NUL character' },
        ]);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
}

export function isApiPath(url: string): boolean {
  return url.startsWith('/v1/') || url === '/v1';
}
