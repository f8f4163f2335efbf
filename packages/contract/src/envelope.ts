import { z } from 'zod';
import { errorCodes, fieldErrorCodes } from './wire.ts';

export { errorCodes, fieldErrorCodes, readErrorBody, unwrapBody } from './wire.ts';

/**
 * Success envelope: `{ "response": <payload> }`.
 * The client unwraps `response` when present, otherwise `data` (spec §7).
 */
export function successEnvelopeSchema<T extends z.ZodType>(payload: T) {
  return z.object({ response: payload });
}

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

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
