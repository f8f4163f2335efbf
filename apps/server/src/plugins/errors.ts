import type { ErrorBody, FieldError, FieldErrorCode } from '@hamkke/contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isConnectionWaitTimeout, isDatabaseUnavailable, isStorageFull } from '../lib/db-errors.ts';

function send(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      requestId: request.id,
    },
  };
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
}

interface ZodIssueLike {
  code?: string;
  /** The value at the issue's path in the request (undefined when absent). */
  input?: unknown;
}

/** The value at a JSON-pointer-like path (`/a/0/b`) of a parsed body. */
function valueAt(body: unknown, instancePath: string | undefined): unknown {
  let value = body;
  for (const key of (instancePath ?? '').split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A zod issue as a stable field code (zod 4 issue codes). */
export function fieldErrorCodeOf(issue: ZodIssueLike | undefined): FieldErrorCode {
  switch (issue?.code) {
    case 'too_big':
      return 'TOO_LONG';
    case 'too_small':
      return issue.input === undefined || issue.input === '' ? 'REQUIRED' : 'TOO_SHORT';
    case 'invalid_type':
      return issue.input === undefined ? 'REQUIRED' : 'INVALID_FORMAT';
    case 'invalid_format':
    case 'invalid_union':
      return 'INVALID_FORMAT';
    case 'invalid_value':
    case 'unrecognized_keys':
      return 'INVALID_VALUE';
    default:
      return 'INVALID';
  }
}

function fieldPath(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || fallback;
}

/** Maps Fastify's own client errors (bad JSON, too large, wrong type) to stable codes. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION_FAILED', 'The body is not valid JSON', [
        { path: 'body', code: 'INVALID_FORMAT', message: 'must be valid JSON' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted');
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new AppError('ROUTE_NOT_FOUND', 'No such route');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The body is too large');
  if (status === 406 || status === 415)
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted');
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many requests');
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', 'The request is not valid');
  return null;
}

/** One error handler: stable codes, 400 with the failing fields, and 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, request, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath, error.validationContext ?? 'body'),
        code: fieldErrorCodeOf({
          code: issue.keyword,
          input: valueAt(request.body, issue.instancePath),
        }),
        message: issue.message ?? 'is invalid',
      }));
      return send(reply, request, new AppError('VALIDATION_FAILED', 'The request is not valid', fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return send(reply, request, new AppError('INTERNAL_ERROR', 'Something went wrong'));
    }
    const mapped = fromFastifyError(error);
    if (mapped) return send(reply, request, mapped);
    if (isConnectionWaitTimeout(error)) {
      request.log.warn({ err: error }, 'no database connection free in time');
      return send(reply, request, new AppError('SERVICE_UNAVAILABLE', 'The service is busy; try again'));
    }
    // A dependency gone for now (decision 044): 503, which the web app shows as "잠시 후 다시 시도해 주세요".
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'disk full: a write was refused');
      return send(reply, request, new AppError('SERVICE_UNAVAILABLE', 'Storage is full; try again later'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        reply,
        request,
        new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable; try again'),
      );
    }

    request.log.error({ err: error }, 'unexpected error');
    return send(reply, request, new AppError('INTERNAL_ERROR', 'Something went wrong'));
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(
    reply,
    request,
    new AppError('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
  );
}
