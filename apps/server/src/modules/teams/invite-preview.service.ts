import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import { signupOpen } from './team-view.ts';
import { findRounds, findTeam } from './teams.repository.ts';

/**
 * What anyone holding a team's invite link may read about it: exactly what the accept screen shows
 * (team name, emoji, round, dates, manager's alias, seats left) and nothing else — no members, no
 * children, no internal ids. It draws the link's preview (og tags, the card image).
 *
 * Issue 25: the teams' public ids are another change; this reads by today's team id, in its own
 * file so the merge can swap in the public-id version with the same name and shape.
 */
export interface InvitePreview {
  teamName: string;
  emoji: string;
  challengeType: 'challenge' | 'always';
  /** The round's title (`21일 가족 건강 챌린지 3기`) and number. */
  roundTitle: string;
  round: number;
  /** The round's id, which the invite link names beside the team. */
  subChallengeId: string;
  /** `YYYY-MM-DD` Seoul days; `endDate` is `null` for the always program. */
  startDate: string;
  endDate: string | null;
  managerAlias: string;
  seatsLeft: number;
  /** Whether a person could join now (recruiting, not closed). */
  recruiting: boolean;
}

/** A team id as an invite link carries it: digits only today. */
const TEAM_ID = /^[1-9]\d{0,15}$/;

export function createInvitePreviewService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db } = deps;
  return {
    /** The preview of the team a link names, or `null` when it names none. */
    async readInvitePreview(teamPublicId: string): Promise<InvitePreview | null> {
      if (!TEAM_ID.test(teamPublicId)) return null;
      const team = await findTeam(db, Number(teamPublicId));
      if (!team) return null;
      const [round] = await findRounds(db, { subChallengeId: team.sub_challenge_id });
      return {
        teamName: team.name,
        emoji: team.emoji,
        challengeType: team.challenge_type,
        roundTitle: team.round_title,
        round: round?.round ?? 1,
        subChallengeId: String(team.sub_challenge_id),
        startDate: team.start_date,
        endDate: team.end_date,
        managerAlias: team.manager_alias,
        seatsLeft: Math.max(0, team.max_user - team.member_count - team.reserved_seats),
        recruiting: signupOpen(team, seoulToday(deps.clock)),
      };
    },
  };
}
export type InvitePreviewService = ReturnType<typeof createInvitePreviewService>;
