import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes as every authenticator app makes them: SHA-1, 6 digits, 30-second steps. */
export const PERIOD_SECONDS = 30;
const ISSUER = '함께미션 운영';

function totpOf(secret: string, label = 'operator'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans (as a QR code) at enrolment. */
export function totpUri(secret: string, loginId: string): string {
  return totpOf(secret, loginId).toString();
}

/** The code for a moment (tests, the demo). */
export function totpCodeAt(secret: string, atMs: number): string {
  return totpOf(secret).generate({ timestamp: atMs });
}

/**
 * The time step a code belongs to, when it is right for now or one step either side (clock drift);
 * null otherwise. The caller accepts each step once, so a code cannot be replayed.
 */
export function totpStepOf(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}
