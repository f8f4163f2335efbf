/* Without zod: every authenticated call of the web app's first load writes this header. */

/**
 * Authenticated calls carry `Authorization: Bearer <access token>` and this header naming the
 * session user (spec §7). The header names a person; only the access token proves one, and the
 * server rejects a header that does not match the token's owner.
 */
export const SESSION_HEADER = 'x-session-user';

export interface SessionHeader {
  /** 1–40 characters. */
  userId: string;
  /** At most 200 characters; empty for children. */
  loginKey: string;
}

function isSessionHeader(value: unknown): value is SessionHeader {
  if (value === null || typeof value !== 'object') return false;
  const { userId, loginKey } = value as Record<string, unknown>;
  return (
    typeof userId === 'string' &&
    userId.length >= 1 &&
    userId.length <= 40 &&
    typeof loginKey === 'string' &&
    loginKey.length <= 200
  );
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeSessionHeader(session: SessionHeader): string {
  return toBase64Url(JSON.stringify(session));
}

/** Returns the session user named by the header, or `null` when it is missing or malformed. */
export function decodeSessionHeader(value: string | undefined): SessionHeader | null {
  if (!value || value.length > 600) return null;
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(value));
    return isSessionHeader(parsed) ? { userId: parsed.userId, loginKey: parsed.loginKey } : null;
  } catch {
    return null;
  }
}
