import { ApiError } from '../api/api-error.ts';
import { messages, type InviteRejectionReason } from '../messages.ts';
import { inviteCheckCalls, type InviteCheckCalls } from '../api/teams.ts';
import { inviteTypeOf, type TeamInvite } from './team-invite.ts';

export type { InviteCheckCalls };

/**
 * The checks of spec §4, in order; the first that fails names its §8 message. Being in another
 * team is checks 1–2; being in this very team is check 5 ("already joined this team").
 * Any error while reading the signup period counts as closed.
 */
export async function runInviteChecks(
  invite: TeamInvite,
  userId: string,
  calls: InviteCheckCalls = inviteCheckCalls,
): Promise<InviteRejectionReason | null> {
  const type = inviteTypeOf(invite);
  const teams = await calls.checkIsTeam(
    type === 'always' ? { userId } : { userId, subChallengeId: invite.subChallengeId },
  );
  if (type === 'always' && teams.alwaysTeamId !== null && teams.alwaysTeamId !== invite.teamId)
    return 'alreadyInAlwaysTeam';
  if (type === 'challenge' && teams.challengeTeamId !== null && teams.challengeTeamId !== invite.teamId) {
    return 'alreadyInChallengeTeam';
  }
  let open = false;
  try {
    const [joined] = await calls.joinedTeams({ teamId: invite.teamId });
    open = joined !== undefined && (type === 'always' ? !joined.isCompleted : joined.isPending);
  } catch (error) {
    console.error('[invite] could not read the signup period; counting it as closed', error);
  }
  let answers;
  try {
    answers = await Promise.all([
      calls.inviteTeamInfo({ teamId: invite.teamId, subChallengeId: invite.subChallengeId }),
      calls.teamMemberCount({ teamId: invite.teamId }),
    ]);
  } catch (error) {
    // A link naming no team (a mistyped or made-up id: decision 022) says so, not "not the period".
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return 'teamNotFound';
    throw error;
  }
  const [info, count] = answers;
  // A team whose manager closed recruiting says so, rather than blaming the period.
  if (!open) return info.recruitingOpen === false ? 'recruitingClosed' : 'notInvitePeriod';
  if (!(count + info.reservedSeats < info.maxUser)) return 'capacityExceeded';
  if ((await calls.checkTeamMember({ teamId: invite.teamId, userId })) > 0) return 'alreadyMember';
  return null;
}

/** The join's refusals that have an invite reason: said to the person who tapped, not the inviter's way. */
const refusalReasons: Partial<Record<string, InviteRejectionReason>> = {
  ALREADY_IN_ALWAYS_TEAM: 'alreadyInAlwaysTeam',
  ALREADY_IN_CHALLENGE_TEAM: 'alreadyInChallengeTeam',
  TEAM_SIGNUP_CLOSED: 'notInvitePeriod',
  TEAM_FULL: 'capacityExceeded',
  ALREADY_TEAM_MEMBER: 'alreadyMember',
};

/** The sentence for a refused join from an invite (수락하기), or null when the error has no invite reason. */
export function joinRefusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const reason = refusalReasons[error.code];
  return reason ? messages.invite[reason] : null;
}
