import type { ErrorCode, FieldError } from '@hamkke/contract/envelope';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  SESSION_MISMATCH: 401,
  FORBIDDEN: 403,
  PIN_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  LOGIN_STATE_MISMATCH: 400,
  KAKAO_INVALID_CODE: 400,
  /** The Kakao token the client sent is refused by Kakao: the client's mistake, not an outage. */
  KAKAO_TOKEN_FAILED: 401,
  KAKAO_UNAVAILABLE: 503,
  /** 400, not 401: a wrong password is no lost session (a 401 makes the client sign out). */
  INVALID_CREDENTIALS: 400,
  ALREADY_REGISTERED: 409,
  NOT_ELIGIBLE: 403,
  FORBIDDEN_WORD: 400,
  ACCOUNT_SUSPENDED: 403,
  ALREADY_IN_ALWAYS_TEAM: 409,
  ALREADY_IN_CHALLENGE_TEAM: 409,
  TEAM_SIGNUP_CLOSED: 409,
  TEAM_FULL: 409,
  ALREADY_TEAM_MEMBER: 409,
  TEAM_NAME_TAKEN: 409,
  TEAM_LOCKED: 409,
  MANAGER_MUST_HAND_OVER: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** The one error type of the server: a stable code, its HTTP status and a developer-facing message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: FieldError[] | undefined;
  /** Sent as `Retry-After` (seconds) with the answer, e.g. by a lock that knows when it opens. */
  retryAfterSeconds: number | undefined;
  /** The rate limit that refused the call (a 429 from lib/rate-limiter.ts), counted in the metrics. */
  limiter: string | undefined;

  /** A field without a code is `INVALID`. */
  constructor(code: ErrorCode, message: string, fields?: (Omit<FieldError, 'code'> & Partial<FieldError>)[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusByCode[code];
    this.fields = fields?.map((field) => ({ ...field, code: field.code ?? 'INVALID' }));
    this.retryAfterSeconds = undefined;
    this.limiter = undefined;
  }
}

export function httpStatusOf(code: ErrorCode): number {
  return statusByCode[code];
}
