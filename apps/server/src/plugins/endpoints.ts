import { endpointUrl, type Endpoint } from '@hamkke/contract/endpoint';
import { errorBodySchema, successEnvelopeSchema } from '@hamkke/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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
  options: {
    hotRead?: boolean;
    bodyLimit?: number;
    /** Array fields of the answer shared by many answers as one object: serialized once per object. */
    sharedArrays?: readonly string[];
  } = {},
): void {
  const tag = endpoint.path.split('/')[0] ?? 'api';
  app.endpoints.push(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: endpointUrl(endpoint),
    config: { auth: endpoint.auth },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // A hot read (a header count: every page asks, the answer is a few bytes and the body `{}`) skips
    // what can never apply to it: compression (its answer is far under the 1 KiB threshold) and
    // request decompression; and its answer is serialized once while it stays the same.
    ...(options.hotRead
      ? {
          compress: false as const,
          decompress: false as const,
          serializerCompiler: sameAnswerOnce,
        }
      : {}),
    ...(options.sharedArrays
      ? { serializerCompiler: sharedArraysOnce(endpoint.response, options.sharedArrays) }
      : {}),
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

type FlatValue = string | number | boolean | null;

/** A primitive, or a copy of an object of primitives; `undefined` for anything deeper. */
function flatCopy(value: unknown): FlatValue | Record<string, FlatValue> | undefined {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as FlatValue;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const copy: Record<string, FlatValue> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== null && typeof field === 'object') return undefined;
    copy[key] = field as FlatValue;
  }
  return copy;
}

function sameFlat(a: ReturnType<typeof flatCopy>, b: ReturnType<typeof flatCopy>): boolean {
  if (a === undefined || b === undefined) return false;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && Object.is(a[key], b[key]));
}

/**
 * The contract's serializer (validation and whitelist included) for a hot read's answers, run again
 * only when the answer changes: the same flat answer (a number, or an object of primitives) always
 * serializes to the same text, so the last one is kept. Other statuses and deeper answers are
 * serialized each time.
 */
export function sameAnswerOnce<T>(routeSchema: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  const serialize = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
  if (String(routeSchema.httpStatus) !== '200') return serialize;
  let last: { answer: ReturnType<typeof flatCopy>; text: string } | null = null;
  return (data: unknown) => {
    const answer = flatCopy((data as { response?: unknown } | null)?.response);
    if (last && sameFlat(last.answer, answer)) return last.text;
    const text = serialize(data);
    last = answer === undefined ? null : { answer, text };
    return text;
  };
}

/**
 * The contract's serializer for an answer whose named array fields are often one object shared by
 * many answers (a kept ranking's first rows, decision 054): each such array is validated and
 * serialized by its own schema once per object, kept as UTF-8 bytes while the object lives, and the
 * rest of the answer by the whole schema each time, the array's bytes put in their place. The
 * answer goes out as bytes (Fastify sends a Buffer as it is: the kept part is not encoded again per
 * answer); they are the whole serializer's, byte for byte. An array handed to it must never change
 * afterwards (freeze it).
 */
export function sharedArraysOnce(
  responseSchema: z.ZodType,
  fields: readonly string[],
): <T>(routeSchema: FastifyRouteSchemaDef<T>) => (data: unknown) => string {
  const shape = (responseSchema as unknown as { shape: Record<string, z.ZodType> }).shape;
  const arrays = fields.map((field) => {
    const schema = shape[field];
    if (!schema) throw new Error(`sharedArraysOnce: the answer has no field ${field}`);
    return { field, schema, bytes: new WeakMap<object, Buffer>() };
  });
  return (routeSchema) => {
    const serialize = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
    if (String(routeSchema.httpStatus) !== '200') return serialize;
    const serializeShared = (data: unknown): string | Buffer => {
      const answer = (data as { response?: unknown } | null)?.response;
      if (answer === null || typeof answer !== 'object') return serialize(data);
      const rest: Record<string, unknown> = { ...answer };
      const parts: Array<{ field: string; bytes: Buffer }> = [];
      for (const { field, schema, bytes } of arrays) {
        const value = rest[field];
        if (!Array.isArray(value)) continue;
        let kept = bytes.get(value);
        if (kept === undefined) {
          const encoded = schema.safeEncode(value);
          // Refused: the whole serializer refuses it with its own error.
          if (!encoded.success) return serialize(data);
          kept = Buffer.from(JSON.stringify(encoded.data));
          bytes.set(value, kept);
        }
        rest[field] = [];
        parts.push({ field, bytes: kept });
      }
      if (parts.length === 0) return serialize(data);
      const text = serialize({ ...(data as object), response: rest });
      // `"field":[]` cannot occur inside a serialized string (its quotes would be escaped); found once,
      // it is the answer's own field (found twice, a nested one could be meant: serialized whole).
      const places = parts.map(({ field, bytes }) => {
        const empty = `${JSON.stringify(field)}:[]`;
        const at = text.indexOf(empty);
        const unique = at >= 0 && text.indexOf(empty, at + 1) < 0;
        return { at: unique ? at + empty.length - 2 : -1, bytes };
      });
      if (places.some((place) => place.at < 0)) return serialize(data);
      places.sort((a, b) => a.at - b.at);
      const chunks: Buffer[] = [];
      let from = 0;
      for (const { at, bytes } of places) {
        chunks.push(Buffer.from(text.slice(from, at)), bytes);
        from = at + 2;
      }
      chunks.push(Buffer.from(text.slice(from)));
      return Buffer.concat(chunks);
    };
    // Fastify sends a serializer's Buffer as it is (reply.js: a string or a Buffer).
    return serializeShared as (data: unknown) => string;
  };
}
