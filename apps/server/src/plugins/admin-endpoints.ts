import {
  adminEndpointUrl,
  CSRF_HEADER,
  OPERATOR_COOKIE,
  roleMayCall,
  type AdminEndpoint,
} from '@hamkke/contract/admin/endpoint';
import { errorBodySchema, successEnvelopeSchema } from '@hamkke/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import type { OperatorAuthService, OperatorSession } from '../modules/admin/operator-auth.service.ts';
import { refuseNulCharacters } from './endpoints.ts';
import type { Actor, AuditEntry } from '../modules/admin/audit.service.ts';

export type { Actor, AuditEntry };

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

/**
 * What a module needs to serve its own console screens (decision 065): the operators' sign-in check
 * and the audit log (both the admin module's), handed to every module's routes by the composition
 * root (`app.ts`) — no module depends on the admin module for it.
 */
export interface ConsoleKit {
  db: Kysely<Database>;
  auth: OperatorAuthService;
  audit: {
    record(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void>;
  };
}

/** Every console endpoint registered, for the role-matrix tests; made once, before any module's routes. */
export function registerConsoleEndpoints(app: FastifyInstance): void {
  app.decorate('adminEndpoints', []);
}

/** A console read (or a call the audit log does not record): the role check, then the handler. */
export function registerConsoleRead<E extends AdminEndpoint>(
  app: FastifyInstance,
  kit: ConsoleKit,
  endpoint: E,
  handler: (context: AdminContext<E>) => Promise<z.input<E['response']>>,
): void {
  registerAdminEndpoint(app, kit.auth, endpoint, handler);
}

/** What an audited change did: its answer, its audit row (none when nothing changed), what follows its commit. */
export interface AuditedChange<Answer> {
  answer: Answer;
  audit: AuditEntry | null;
  /** Runs once the transaction has committed (e.g. a cache of this server dropped). */
  afterCommit?: () => void;
}

/** An audited change's context: a signed-in operator, and the transaction its audit row is written in. */
export type AuditedContext<E extends AdminEndpoint> = Omit<AdminContext<E>, 'actor' | 'session'> & {
  actor: Actor;
  session: OperatorSession;
  trx: Kysely<Database>;
};

/**
 * The one way to register a console change (decision 065): the operator's role from the contract,
 * then one transaction in which the owning module's service makes the change (`trx` is passed to it
 * as its last argument) and the audit row is written with the operator, address, before and after —
 * the change and its record stand or fall together.
 */
export function registerAuditedEndpoint<E extends AdminEndpoint>(
  app: FastifyInstance,
  kit: ConsoleKit,
  endpoint: E,
  change: (context: AuditedContext<E>) => Promise<AuditedChange<z.input<E['response']>>>,
): void {
  if (endpoint.access === 'public') throw new Error(`${endpoint.path}: a public call cannot be audited`);
  registerAdminEndpoint(app, kit.auth, endpoint, async (context) => {
    const actor = context.actor as Actor;
    const session = context.session as OperatorSession;
    const done = await kit.db.transaction().execute(async (trx) => {
      const result = await change({ ...context, actor, session, trx });
      if (result.audit) await kit.audit.record(trx, actor, result.audit);
      return result;
    });
    done.afterCommit?.();
    return done.answer;
  });
}
