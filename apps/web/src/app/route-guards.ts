/**
 * Who may open which path (spec §5, §6), as pure functions the layout route applies on every
 * navigation. Paths are compared without a trailing slash; `/` stays `/`.
 */

import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import { PIN_GATE_PARAM, type PinGate } from '@/shared/lib/pin-gate.ts';
import { parseTeamInvitePath, type TeamInvite } from '@/shared/lib/team-invite.ts';

export const AGREEMENT_PATH = '/login/agreement';
export const MY_TEAMS_IN_PROGRESS = '/team?tab=in_progress';

export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function segmentsOf(pathname: string): string[] {
  return normalizePathname(pathname).split('/').filter(Boolean);
}

const ANONYMOUS_EXACT_PATHS: ReadonlySet<string> = new Set([
  '/unexpected',
  '/terms',
  '/welcome',
  '/login/children',
  '/login/auth',
  '/login/callback',
  // §6 lists /login/id itself too, not only /login/id/{id}.
  '/login/id',
]);

/**
 * The §6 allow-list for visitors without a session:
 * - the exact paths above;
 * - any path ending in /termsofuse or /privacyPolicy (/termsofuse itself, under /home and /login alike);
 * - any path with a `shared` segment (shared mission and challenge pages);
 * - /login/id/{id} and /login/pw/{id} (child register and password links sent by a parent);
 * - /team/member/{teamId}/… (team member lists and details);
 * - /my/children-info/{childrenUserId}.
 */
export function isAnonymousAllowed(pathname: string): boolean {
  const path = normalizePathname(pathname);
  if (ANONYMOUS_EXACT_PATHS.has(path)) return true;
  if (path.endsWith('/termsofuse') || path.endsWith('/privacyPolicy')) return true;

  const segments = segmentsOf(path);
  if (segments.includes('shared')) return true;

  const [first, second] = segments;
  if (first === 'login' && (second === 'id' || second === 'pw')) return segments.length === 3;
  if (first === 'team' && second === 'member') return segments.length >= 3;
  if (first === 'my' && second === 'children-info') return segments.length === 3;
  return false;
}

const PIN_USER_PATHS: ReadonlyMap<string, PinGate> = new Map([
  ['/team/create', 'team'],
  ['/my/children', 'children'],
]);

/** Creating a team and managing children are for verified parents only (spec §5). */
export function requiresPinUser(pathname: string): boolean {
  return PIN_USER_PATHS.has(normalizePathname(pathname));
}

/** Where people sign in: a signed-in person opening one goes home instead. */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/login/auth', '/login/children']);

export interface NavigationContext {
  pathname: string;
  /** The query string, kept with an invite link. */
  search?: string;
  loggedIn: boolean;
  pinUser: { result: string } | null;
  /** A first Kakao login left a Kakao token waiting for consent (NEED_AGREEMENT), nobody logged in yet. */
  pendingAgreement?: boolean;
}

/** Where to send this navigation instead, or `null` to let it through. */
export function decideNavigation({
  pathname,
  search = '',
  loggedIn,
  pinUser,
  pendingAgreement = false,
}: NavigationContext): { redirect: string; keepInvite?: TeamInvite } | null {
  // Spec §4: a team invite link opened logged out keeps its params and goes to the root, then login.
  const inviteLink = loggedIn ? null : parseTeamInvitePath(normalizePathname(pathname), search);
  if (inviteLink) return { redirect: '/', keepInvite: inviteLink.invite };
  // The consent screen is not on the §6 allow-list, yet nobody is logged in before consenting:
  // it opens for exactly the visitor whose Kakao login is waiting for consent.
  if (!loggedIn && pendingAgreement && normalizePathname(pathname) === AGREEMENT_PATH) return null;
  if (!loggedIn && !isAnonymousAllowed(pathname)) return { redirect: LOGIN_PATH };
  if (loggedIn && SIGN_IN_PATHS.has(normalizePathname(pathname))) return { redirect: '/home' };
  // Spec §5 sends them to `/`; the redirect says why, so the landing page can explain and offer 회원 인증.
  const gate = PIN_USER_PATHS.get(normalizePathname(pathname));
  if (gate && pinUser?.result !== 'Y') return { redirect: `/?${PIN_GATE_PARAM}=${gate}` };
  return null;
}

function isTeamPath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return path === '/team' || path.startsWith('/team/');
}

function splitTarget(target: string): { pathname: string; search: string } {
  const queryStart = target.indexOf('?');
  return queryStart === -1
    ? { pathname: target, search: '' }
    : { pathname: target.slice(0, queryStart), search: target.slice(queryStart) };
}

/**
 * Opening the Team page you are already on takes you to my teams, in-progress tab (spec §4).
 * Both arguments are pathname + search; returns the redirect, or `null` to navigate as asked.
 */
export function sameTeamPageRedirect(current: string, target: string): string | null {
  const from = splitTarget(current);
  const to = splitTarget(target);
  if (!isTeamPath(to.pathname)) return null;
  const same =
    normalizePathname(from.pathname) === normalizePathname(to.pathname) && from.search === to.search;
  return same ? MY_TEAMS_IN_PROGRESS : null;
}
