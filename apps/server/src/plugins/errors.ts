import type { ErrorBody, FieldError } from '@hamkke/contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

function send(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      requestId: request.id,
    },
  };
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
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
        { path: 'body', message: 'must be valid JSON' },
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
