import { isAlwaysType } from '@hamkke/contract/team/team-limits';
import { ID_PATTERN, TEAM_PUBLIC_ID_PATTERN } from '@hamkke/contract/id-pattern';

/** Spec §9: the invite params wait in sessionStorage under this key while the visitor logs in. */
export const TEAM_CALLBACK_KEY = 'teamCallbackUrl';

/** The team invite params of spec §3; `teamId` is the team's public id (decision 022). */
export interface TeamInvite {
  teamId: string;
  subChallengeId: string;
  challengeType: string;
  status?: string;
  callbackUrl: string;
}

/** `/team/{teamId}/{subChallengeId}/{challengeType}`: the link a manager shares. */
export function teamInvitePath(
  teamId: string,
  subChallengeId: string,
  challengeType: 'challenge' | 'always',
): string {
  return `/team/${encodeURIComponent(teamId)}/${encodeURIComponent(subChallengeId)}/${challengeType}`;
}

const TEAM_SECTIONS = new Set(['member', 'challenge', 'always', 'invited', 'create']);

/**
 * The invite params of a path, or null when it is not an invite link. Shapes that are not the
 * detail pages (`/team/{id}/always/…`) but carry bad params come back with `valid: false`, so the
 * wrong-format error can be logged (spec §5).
 */
export function parseTeamInvitePath(
  pathname: string,
  search = '',
): { invite: TeamInvite; valid: boolean } | null {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length !== 4 || segments[0] !== 'team') return null;
  const [, teamId = '', subChallengeId = '', challengeType = ''] = segments;
  if (TEAM_SECTIONS.has(teamId) || subChallengeId === 'always' || subChallengeId === 'challenge') return null;
  const status = new URLSearchParams(search).get('status') ?? undefined;
  const invite: TeamInvite = {
    teamId,
    subChallengeId,
    challengeType,
    ...(status ? { status } : {}),
    callbackUrl: `${pathname}${search}`,
  };
  return { invite, valid: isValidInvite(invite) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Spec §5: teamId, subChallengeId and challengeType must all be there (and well formed). */
export function isValidInvite(invite: Partial<TeamInvite> | null): invite is TeamInvite {
  return (
    !!invite &&
    typeof invite.teamId === 'string' &&
    TEAM_PUBLIC_ID_PATTERN.test(invite.teamId) &&
    typeof invite.subChallengeId === 'string' &&
    ID_PATTERN.test(invite.subChallengeId) &&
    typeof invite.challengeType === 'string' &&
    (isAlwaysType(invite.challengeType) || invite.challengeType.toLowerCase() === 'challenge')
  );
}

/** The link's type as the API names it ('ALWAYS' is always, spec §5). */
export function inviteTypeOf(invite: Pick<TeamInvite, 'challengeType'>): 'always' | 'challenge' {
  return isAlwaysType(invite.challengeType) ? 'always' : 'challenge';
}

export function storeTeamInvite(invite: TeamInvite): void {
  try {
    window.sessionStorage.setItem(TEAM_CALLBACK_KEY, JSON.stringify(invite));
  } catch (error) {
    console.warn('[invite] could not keep the invite link', error);
  }
}

/** The stored invite as it was written (possibly malformed), or null when none waits. */
export function readTeamInvite(): Partial<TeamInvite> | null {
  try {
    const raw = window.sessionStorage.getItem(TEAM_CALLBACK_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<TeamInvite>) : {};
  } catch {
    return {};
  }
}

export function clearTeamInvite(): void {
  try {
    window.sessionStorage.removeItem(TEAM_CALLBACK_KEY);
  } catch (error) {
    console.warn('[invite] could not clear the invite link', error);
  }
}
