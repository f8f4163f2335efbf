/* Without zod: the first load reads invite links with this (team.ts builds its schemas from it). */

/** Limits of what a manager writes about a team (forms use the same numbers). */
export const TEAM_NAME_MAX = 20;
export const TEAM_DESCRIPTION_MAX = 100;
/** One emoji; a few code points for flags, skin tones and joined emoji. */
export const TEAM_EMOJI_MAX = 16;
/** People a manager may invite directly in one call. */
export const MAX_INVITES_PER_CALL = 20;
/** A direct invitation holds its seat this long unless answered (product.md). */
export const INVITATION_TTL_DAYS = 7;

/** Spec §5: the always type is compared case-insensitively. */
export function isAlwaysType(challengeType: string): boolean {
  return challengeType.toLowerCase() === 'always';
}
