/** The login page, and why someone was sent there (`/login/auth?reason=…`). */
export const LOGIN_PATH = '/login/auth';

/** Why a screen sent the person to the login page; the login page says it in Korean. */
export const loginReasons = [
  'consent_denied',
  'under19',
  'empty_phone_number',
  'kakao_error',
  'session_expired',
  'logged_out',
  'withdrawn',
] as const;
export type LoginReason = (typeof loginReasons)[number];

export function loginPathWithReason(reason: LoginReason): string {
  return `${LOGIN_PATH}?reason=${reason}`;
}

/** The reason in a `?reason=` value, or `null` for none or an unknown one. */
export function parseLoginReason(value: string | null): LoginReason | null {
  return (loginReasons as readonly string[]).includes(value ?? '') ? (value as LoginReason) : null;
}
