import {
  adminEndpointUrl,
  CSRF_HEADER,
  OPERATOR_COOKIE,
  roleMayCall,
  type AdminEndpoint,
} from '@hamkke/contract/admin/endpoint';
import { errorBodySchema, successEnvelopeSchema } from '@hamkke/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import type { Actor } from '../modules/admin/audit.service.ts';
import type { OperatorAuthService, OperatorSession } from '../modules/admin/operator-auth.service.ts';
import { refuseNulCharacters } from './endpoints.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every operator console endpoint registered, for the role-matrix tests. */
    adminEndpoints: AdminEndpoint[];
  }
}

export interface AdminContext<E extends AdminEndpoint> {
  body: z.output<E['request']>;
  /** The signed-in operator; null only on the public login. */
  session: E['access'] extends 'public' ? null : OperatorSession;
  /** Who to name in the audit log. */
  actor: E['access'] extends 'public' ? null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A request from another site (its Origin names another host) is refused whatever it carries. */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== new URL(`http://${request.headers.host ?? ''}`).host;
  } catch {
    return true;
  }
}

const sessionOf = new WeakMap<FastifyRequest, OperatorSession>();

/**
 * The one way to register an operator console call: POST under the admin prefix, the operator's
 * session from its cookie (app tokens are never read here), the role the contract names, and the
 * session's CSRF token in a header on every call but the login; then the contract's schemas.
 */
export function registerAdminEndpoint<E extends AdminEndpoint>(
  app: FastifyInstance,
  auth: OperatorAuthService,
  endpoint: E,
  handler: (context: AdminContext<E>) => Promise<z.input<E['response']>>,
): void {
  app.adminEndpoints.push(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: adminEndpointUrl(endpoint),
    // The app's bearer-token auth does not apply: the console has its own session.
    config: { auth: 'public' },
    ...(endpoint.bodyLimit === undefined ? {} : { bodyLimit: endpoint.bodyLimit }),
    schema: {
      summary: endpoint.summary,
      tags: ['admin'],
      body: endpoint.request,
      response: {
        200: successEnvelopeSchema(endpoint.response),
        400: errorBodySchema,
        401: errorBodySchema,
        403: errorBodySchema,
      },
    },
    onRequest: async (request) => {
      if (crossSite(request)) throw new AppError('FORBIDDEN', 'Cross-site requests are refused');
      if (endpoint.access === 'public') return;
      const token = request.cookies[OPERATOR_COOKIE];
      const session = token ? await auth.authenticate(token) : undefined;
      if (!session) throw new AppError('UNAUTHORIZED', 'Sign in to the console');
      const proof = request.headers[CSRF_HEADER];
      if (endpoint.csrf !== false && (typeof proof !== 'string' || !sameSecret(proof, session.csrfToken))) {
        throw new AppError('FORBIDDEN', 'The CSRF token is missing or wrong');
      }
      if (!roleMayCall(session.operator.role, endpoint.access)) {
        throw new AppError('FORBIDDEN', 'Your role may not do this');
      }
      sessionOf.set(request, session);
    },
    preValidation: async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
      refuseNulCharacters(request.body);
    },
    handler: async (request, reply) => {
      const session = sessionOf.get(request) ?? null;
      const actor = session ? { operatorId: Number(session.operator.operatorId), address: request.ip } : null;
      return {
        response: await handler({
          body: request.body as z.output<E['request']>,
          session: session as AdminContext<E>['session'],
          actor: actor as AdminContext<E>['actor'],
          request,
          reply,
        }),
      };
    },
  });
}
