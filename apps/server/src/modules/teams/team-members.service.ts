import { AppError } from '../../lib/app-error.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import type { TeamDeparturesService } from './team-departures.service.ts';
import { assertOpen, leaving } from './team-management.rules.ts';
import {
  closeInvitations,
  findTeamIdsOfUsers,
  findTeamsInvitingUsers,
  lockTeam,
  releaseSeats,
  setFavorite,
  setRewardNotice,
} from './team-writes.repository.ts';
import { findMembers, findTeam } from './teams.repository.ts';
import type { TeamsService } from './teams.service.ts';

/**
 * A member's place in a team: leaving or being taken out by the manager, the star, the reward
 * notice flag; and every team left before people are deleted.
 */
export function createTeamMembersService(
  deps: TeamsDeps & { reads: TeamsService; departures: TeamDeparturesService },
) {
  const { db, activity, departures } = deps;
  const { today, now } = clockTools(deps.clock);

  return {
    /**
     * The manager removes a member (a parent with the children they brought), or a member leaves
     * (TEAM_LEAVE). The manager leaves only after handing the role over, unless no other parent is
     * left: then the team goes with them.
     */
    async removeMember(access: TeamAccess, teamMbrId: number) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      const members = await findMembers(db, team.id);
      const target = members.find((member) => member.id === teamMbrId);
      if (!target) throw new AppError('NOT_FOUND', 'No such member in this team');
      // One's own place, or one's own child's: a member may take themself or their child out.
      const own =
        target.user_id === access.userId ||
        (target.user_type === 'CHILD' && target.family_user_id === access.userId);
      if (!own && access.role !== 'MANAGER')
        throw new AppError('FORBIDDEN', 'Only the manager removes members');
      assertOpen(team, today());
      if (target.role === 'MANAGER') {
        const otherParents = members.filter(
          (member) => member.user_type === 'PARENT' && member.user_id !== target.user_id,
        );
        if (otherParents.length > 0)
          throw new AppError('MANAGER_MUST_HAND_OVER', 'Hand the manager role over first');
        await departures.removeTeam(team.id);
        await activity.record({
          eventType: 'TEAM_LEAVE',
          userId: String(access.userId),
          title: String(team.id),
        });
        return { removed: members.length, left: true };
      }
      const removed = await departures.removePeople(
        team.id,
        leaving(members, target).map((member) => member.user_id),
      );
      if (target.user_id === access.userId) {
        await activity.record({
          eventType: 'TEAM_LEAVE',
          userId: String(access.userId),
          title: String(team.id),
        });
      }
      return { removed, left: target.user_id === access.userId };
    },

    async favorite(access: TeamAccess, favorite: boolean) {
      await setFavorite(db, { userId: access.userId, teamId: access.teamId, favorite, now: now() });
      return { teamId: access.teamPublicId, favorite };
    },

    /** The reward notice flag of the caller's own membership, or of their child's in this team. */
    async updateRewardNotice(access: TeamAccess, teamMbrId: number, value: 'Y' | 'N') {
      const members = await findMembers(db, access.teamId);
      const target = members.find((member) => member.id === teamMbrId);
      if (!target || (target.user_id !== access.userId && target.family_user_id !== access.userId)) {
        throw new AppError('NOT_FOUND', 'No such membership of yours');
      }
      await setRewardNotice(db, target.id, value, now());
      return { teamMbrId: String(teamMbrId), rewardNoticeDisplayYn: value };
    },

    /**
     * Before people are deleted (withdrawal, child deletion): they leave every team with the
     * counters kept right; a team they manage passes to another parent, or goes when none is left;
     * invitations to them are cancelled.
     */
    async leaveAllTeams(userIds: readonly number[]) {
      for (const { team_id: teamId } of await findTeamIdsOfUsers(db, userIds)) {
        const members = await findMembers(db, teamId);
        const team = await findTeam(db, teamId);
        if (!team) continue;
        const goingIds = new Set(
          members
            .filter((member) => userIds.includes(member.user_id) || userIds.includes(member.family_user_id))
            .map((member) => member.user_id),
        );
        const heir = members.find((member) => member.user_type === 'PARENT' && !goingIds.has(member.user_id));
        if (goingIds.has(team.manager_user_id)) {
          if (!heir) {
            await departures.removeTeam(teamId);
            continue;
          }
          await db.transaction().execute((trx) => departures.handOverIn(trx, teamId, heir.user_id));
        }
        await departures.removePeople(teamId, [...goingIds]);
      }
      for (const { team_id: teamId } of await findTeamsInvitingUsers(db, userIds)) {
        await db.transaction().execute(async (trx) => {
          const stamp = now();
          await lockTeam(trx, teamId, stamp);
          const cancelled = await closeInvitations(trx, { teamId, inviteeIds: userIds }, 'CANCELLED', stamp);
          await releaseSeats(trx, { teamId, members: 0, reserved: cancelled });
        });
      }
    },
  };
}
export type TeamMembersService = ReturnType<typeof createTeamMembersService>;
