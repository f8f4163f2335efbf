import { z } from 'zod';

/**
 * Success envelope: `{ "response": <payload> }`.
 * The client unwraps `response` when present, otherwise `data` (spec §7).
 */
export function successEnvelopeSchema<T extends z.ZodType>(payload: T) {
  return z.object({ response: payload });
}

/** Stable error codes. The web app picks the Korean message a person reads from the code. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'SESSION_MISMATCH',
  'FORBIDDEN',
  'PIN_REQUIRED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'LOGIN_STATE_MISMATCH',
  'KAKAO_INVALID_CODE',
  'KAKAO_TOKEN_FAILED',
  'KAKAO_UNAVAILABLE',
  'INVALID_CREDENTIALS',
  'ALREADY_REGISTERED',
  'NOT_ELIGIBLE',
  'FORBIDDEN_WORD',
  /** An operator suspended the account: no login until the suspension is lifted. */
  'ACCOUNT_SUSPENDED',
  // Team rules (spec §8 invite popups and product.md), each with its own Korean message.
  'ALREADY_IN_ALWAYS_TEAM',
  'ALREADY_IN_CHALLENGE_TEAM',
  'TEAM_SIGNUP_CLOSED',
  'TEAM_FULL',
  'ALREADY_TEAM_MEMBER',
  'TEAM_NAME_TAKEN',
  'TEAM_LOCKED',
  'MANAGER_MUST_HAND_OVER',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * What is wrong with a field, as a stable code: the web app words it from the code (and the
 * contract's limits), never from the English message.
 */
export const fieldErrorCodes = [
  'REQUIRED',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_FORMAT',
  'INVALID_VALUE',
  'TAKEN',
  'NOT_YOURS',
  'INVALID',
] as const;
export const fieldErrorCodeSchema = z.enum(fieldErrorCodes);
export type FieldErrorCode = z.infer<typeof fieldErrorCodeSchema>;

export const fieldErrorSchema = z.object({
  /** Dotted path of the failing field, e.g. `groupKeys.0`. */
  path: z.string(),
  code: fieldErrorCodeSchema,
  /** A developer-facing English note (for FORBIDDEN_WORD: the words found). */
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body every failing call returns. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    /** A developer-facing English sentence; never internals. */
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Unwraps a success body the way the spec's client does: `response` if present, else `data`. */
export function unwrapBody(body: unknown): unknown {
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if ('response' in record && record.response !== undefined) return record.response;
    if ('data' in record) return record.data;
  }
  return body;
}
