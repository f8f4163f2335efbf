import { createHash, randomBytes } from 'node:crypto';

/** A random bearer secret (tokens, link tokens, login states): `bytes` from the CSPRNG, base64url. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** How secrets are stored: only their SHA-256, so a database leak hands out no usable token. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
