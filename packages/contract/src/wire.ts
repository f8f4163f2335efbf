/* The wire format's plain parts, without zod (the web app's first load carries this module). */

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
/** Unwraps a success body the way the spec's client does: `response` if present, else `data`. */
export function unwrapBody(body: unknown): unknown {
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if ('response' in record && record.response !== undefined) return record.response;
    if ('data' in record) return record.data;
  }
  return body;
}

/** An error body as the server sends it (envelope.ts's `errorBodySchema`). */
export interface WireError {
  code: (typeof errorCodes)[number];
  message: string;
  fields?: Array<{ path: string; code: (typeof fieldErrorCodes)[number]; message: string }>;
  requestId?: string;
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes);
const knownFieldCodes: ReadonlySet<string> = new Set(fieldErrorCodes);
/** A plain JSON object (not null, not an array): the first step of every zod-free reading. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads a failing call's body: its `error` when the body has the contract's shape (a known code, a
 * message, well-formed fields), `null` for anything else (a proxy's page, an unknown code). Accepts
 * exactly what `errorBodySchema` accepts; envelope.test.ts holds the two side by side.
 */
export function readErrorBody(body: unknown): WireError | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, fields, requestId } = body.error;
  if (typeof code !== 'string' || !knownCodes.has(code) || typeof message !== 'string') return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  if (fields !== undefined) {
    if (!Array.isArray(fields)) return null;
    for (const field of fields as unknown[]) {
      if (
        !isRecord(field) ||
        typeof field.path !== 'string' ||
        typeof field.code !== 'string' ||
        !knownFieldCodes.has(field.code) ||
        typeof field.message !== 'string'
      ) {
        return null;
      }
    }
  }
  return {
    code: code as WireError['code'],
    message,
    ...(fields === undefined
      ? {}
      : {
          fields: (fields as Array<Record<string, string>>).map((field) => ({
            path: field.path!,
            code: field.code as (typeof fieldErrorCodes)[number],
            message: field.message!,
          })),
        }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/**
 * JSON that is safe inside a `<script>` element of an HTML page: nothing in it can close the element
 * (`<` is escaped), and the line separators JavaScript once refused are escaped too. Used for the
 * runtime configuration the server inlines and for a drawn page's answers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
