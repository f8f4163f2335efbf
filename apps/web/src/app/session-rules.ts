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
