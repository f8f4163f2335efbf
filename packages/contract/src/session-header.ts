import { z } from 'zod';

/**
 * Authenticated calls carry `Authorization: Bearer <access token>` and this header naming the
 * session user (spec §7). The header names a person; only the access token proves one, and the
 * server rejects a header that does not match the token's owner.
 */
export const SESSION_HEADER = 'x-session-user';

export const sessionHeaderSchema = z.object({
  userId: z.string().min(1).max(40),
  loginKey: z.string().max(200),
});
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;

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
    const parsed = sessionHeaderSchema.safeParse(JSON.parse(fromBase64Url(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
