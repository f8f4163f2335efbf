import { TEAM_PUBLIC_ID_PATTERN } from '@hamkke/contract/id-pattern';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import { seatsLeft, signupOpen } from './team-view.ts';
import { findTeamByPublicId } from './teams.repository.ts';

/**
 * What anyone holding a team's invite link may read about it: exactly what the accept screen shows
 * (team name, emoji, round, dates, manager's alias, seats left) and nothing else — no members, no
 * children, no internal ids. It draws the link's preview (og tags, the card image).
 *
 * The link names the team by its public id (decision 022); this is the card's and the tags' shape of
 * the same row `teams.readInvitePreview` answers the accept screen with.
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

export function createInvitePreviewService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db } = deps;
  return {
    /** The preview of the team a link names, or `null` when it names none. */
    async readInvitePreview(teamPublicId: string): Promise<InvitePreview | null> {
      if (!TEAM_PUBLIC_ID_PATTERN.test(teamPublicId)) return null;
      const team = await findTeamByPublicId(db, teamPublicId);
      if (!team) return null;
      return {
        teamName: team.name,
        emoji: team.emoji,
        challengeType: team.challenge_type,
        roundTitle: team.round_title,
        round: team.round_no,
        subChallengeId: String(team.sub_challenge_id),
        startDate: team.start_date,
        endDate: team.end_date,
        managerAlias: team.manager_alias,
        seatsLeft: seatsLeft(team),
        recruiting: signupOpen(team, seoulToday(deps.clock)),
      };
    },
  };
}
export type InvitePreviewService = ReturnType<typeof createInvitePreviewService>;
