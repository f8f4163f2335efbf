import { normalizePathname } from './route-guards.ts';

/**
 * Each visit to home, challenge, team, my or a shared page keeps the session for one more hour
 * (spec §4); the server sets the hour (login/extend-token), the web app shows the answer.
 */
const EXTENDING_SECTIONS = ['/home', '/challenge', '/team', '/my'] as const;

export function shouldExtendSession(pathname: string): boolean {
  const path = normalizePathname(pathname);
  if (path.split('/').includes('shared')) return true;
  return EXTENDING_SECTIONS.some((section) => path === section || path.startsWith(`${section}/`));
}

/** The warnings before a session ends (issue 25): five minutes, then one minute before expiry. */
export const EXPIRY_WARNINGS_MIN = [5, 1] as const;
export type ExpiryWarning = (typeof EXPIRY_WARNINGS_MIN)[number];

const MINUTE_MS = 60_000;

/** The warning due when `remaining` ms are left: the nearest mark already passed, or none. */
export function expiryWarningDue(remaining: number): ExpiryWarning | null {
  if (remaining <= 0) return null;
  if (remaining <= 1 * MINUTE_MS) return 1;
  if (remaining <= 5 * MINUTE_MS) return 5;
  return null;
}

/** Ms until the next warning mark is reached, or `null` when none is left before expiry. */
export function nextWarningIn(remaining: number): number | null {
  const ahead = EXPIRY_WARNINGS_MIN.map((minutes) => remaining - minutes * MINUTE_MS).filter((ms) => ms > 0);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}
