import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636 §4.1: 43–128 characters from the unreserved set. */
const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export interface PkcePair {
  /** Kept by the server until the token exchange; never sent to the browser. */
  verifier: string;
  /** `base64url(sha256(verifier))`, sent on the authorize URL with `code_challenge_method=S256`. */
  challenge: string;
}

export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER_PATTERN.test(verifier);
}

/** The S256 challenge of a verifier (RFC 7636 §4.2). */
export function challengeFor(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh verifier (32 CSPRNG bytes → 43 base64url characters) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: challengeFor(verifier) };
}

/** An unguessable OAuth `state` (256 bits), to be bound to the browser session. */
export function createState(): string {
  return randomBytes(32).toString('base64url');
}
