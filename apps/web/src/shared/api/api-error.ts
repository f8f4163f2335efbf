import type { ErrorCode, FieldError } from '@hamkke/contract/envelope';
import { readErrorBody } from '@hamkke/contract/wire';
import { messages, type ClientErrorCode } from '../messages.ts';

export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** A failed call, carrying the contract's stable code; the Korean text comes from the catalog. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly requestId: string | undefined;
  /** The failing fields of a 400 (or the taken field of a 409), by dotted path; empty otherwise. */
  readonly fields: readonly FieldError[];

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    requestId?: string,
    fields: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.requestId = requestId;
    this.fields = fields;
  }
}

/** The code a bare status stands for when the body is not the contract's error body (e.g. a proxy page). */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION_FAILED';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL_ERROR';
}

/** Reads a failing response's body with the contract's error schema. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const error = readErrorBody(body);
  if (error) return new ApiError(error.code, status, error.message, error.requestId, error.fields);
  return new ApiError(codeForStatus(status), status, `HTTP ${status}`);
}

/** The code of a thrown value: the API's when it is an {@link ApiError}, `null` for anything else. */
export function apiErrorCode(error: unknown): ApiErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** The Korean sentence a person reads for any thrown value. */
export function errorMessageFor(error: unknown): string {
  if (error instanceof ApiError) return messages.errors.codes[error.code];
  return messages.errors.unknown;
}
