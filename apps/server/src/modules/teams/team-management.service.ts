import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { nameKeyOf, type TeamJoinService } from './team-join.service.ts';
import { groupFamilies, stateOf, toSummary } from './team-view.ts';
import {
  closeInvitations,
  deleteMembers,
  deleteTeam,
  findTeamIdsOfUsers,
  findTeamsInvitingUsers,
  lockTeam,
  releaseSeats,
  setFavorite,
  setMemberRole,
  setRewardNotice,
  teamNameTaken,
  updateTeam,
} from './team-writes.repository.ts';
import { findInvitations, findMembers, findTeam, type MemberRow, type TeamRow } from './teams.repository.ts';
import { toInvitation } from './team-invitations.service.ts';
import type { TeamsService } from './teams.service.ts';

/** The manager's screen and changes, leaving, removal, deletion, favorites and the reward notice flag. */
export function createTeamManagementService(
  deps: TeamsDeps & { reads: TeamsService; joining: TeamJoinService },
) {
  const { db, activity } = deps;
  const { today, now } = clockTools(deps.clock);

  /** 기수가 끝난 팀은 기록으로만 남아요: 바꿀 수 없어요. */
  function assertOpen(team: TeamRow) {
    if (stateOf(team, today()) === 'ended') throw new AppError('TEAM_LOCKED', "The team's round has ended");
  }

  /** 챌린지 팀은 기수가 시작하기 전까지만, 상시 팀은 언제든 지울 수 있어요. */
  function deletable(team: TeamRow): boolean {
    const state = stateOf(team, today());
    return team.challenge_type === 'always'
      ? state !== 'ended'
      : state === 'upcoming' || state === 'recruiting';
  }

  /** The people who go when `target` goes: a parent takes the children they brought. */
  function leaving(members: readonly MemberRow[], target: MemberRow): MemberRow[] {
    if (target.user_type === 'CHILD') return [target];
    return members.filter(
      (member) => member.user_id === target.user_id || member.family_user_id === target.user_id,
    );
  }

  /** Removes people inside `trx`: counters, their pending invitations sent, their stars. */
  async function removePeopleIn(trx: Kysely<Database>, teamId: number, userIds: number[]): Promise<number> {
    const stamp = now();
    if (!(await lockTeam(trx, teamId, stamp))) return 0;
    const removed = await deleteMembers(trx, teamId, userIds);
    const cancelled = await closeInvitations(trx, { teamId, inviterIds: userIds }, 'CANCELLED', stamp);
    await releaseSeats(trx, { teamId, members: removed, reserved: cancelled });
    for (const userId of userIds) await setFavorite(trx, { userId, teamId, favorite: false, now: stamp });
    return removed;
  }

  /** Removes people in one transaction. */
  function removePeople(teamId: number, userIds: number[]): Promise<number> {
    return db.transaction().execute((trx) => removePeopleIn(trx, teamId, userIds));
  }

  async function removeTeam(teamId: number) {
    await db.transaction().execute(async (trx) => {
      if (await lockTeam(trx, teamId, now())) await deleteTeam(trx, teamId);
    });
  }

  return {
    async management(access: TeamAccess) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      const { ranked } = await deps.reads.scoredMembers(team, access.userId);
      const invitations = await findInvitations(db, { teamId: team.id, pendingAfter: now() });
      return {
        team: toSummary(team, today()),
        families: groupFamilies(ranked, String(access.userId)),
        invitations: invitations.map(toInvitation),
        canDelete: deletable(team),
        readOnly: stateOf(team, today()) === 'ended',
      };
    },

    async update(
      access: TeamAccess,
      input: {
        name?: string;
        description?: string;
        emoji?: string;
        recruitingOpen?: boolean;
        allowMemberInvite?: boolean;
        newManagerTeamMbrId?: number | undefined;
      },
    ) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      assertOpen(team);
      await deps.content.assertNoForbiddenWords({ name: input.name, description: input.description });
      const members = await findMembers(db, team.id);
      const newManager =
        input.newManagerTeamMbrId === undefined
          ? undefined
          : members.find((member) => member.id === input.newManagerTeamMbrId);
      if (input.newManagerTeamMbrId !== undefined) {
        if (!newManager) throw new AppError('NOT_FOUND', 'No such member in this team');
        if (newManager.user_type !== 'PARENT' || newManager.user_id === access.userId) {
          throw new AppError('VALIDATION_FAILED', 'The manager role goes to another parent of the team', [
            { path: 'newManagerTeamMbrId', code: 'INVALID_VALUE', message: 'must be another parent member' },
          ]);
        }
      }
      try {
        await db.transaction().execute(async (trx) => {
          await lockTeam(trx, team.id, now());
          if (
            input.name !== undefined &&
            (await teamNameTaken(trx, team.sub_challenge_id, nameKeyOf(input.name), team.id))
          ) {
            throw new AppError('TEAM_NAME_TAKEN', 'The name is taken');
          }
          await updateTeam(trx, team.id, {
            ...(input.name !== undefined ? { name: input.name, name_key: nameKeyOf(input.name) } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.emoji !== undefined ? { emoji: input.emoji } : {}),
            ...(input.recruitingOpen !== undefined ? { recruiting_open: input.recruitingOpen ? 1 : 0 } : {}),
            ...(input.allowMemberInvite !== undefined
              ? { allow_member_invite: input.allowMemberInvite ? 1 : 0 }
              : {}),
            ...(newManager ? { manager_user_id: newManager.user_id } : {}),
          });
          if (newManager) {
            await setMemberRole(trx, team.id, access.userId, 'MEMBER');
            await setMemberRole(trx, team.id, newManager.user_id, 'MANAGER');
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('TEAM_NAME_TAKEN', 'The name is taken');
        throw error;
      }
      return toSummary((await findTeam(db, team.id))!, today());
    },

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
      assertOpen(team);
      if (target.role === 'MANAGER') {
        const otherParents = members.filter(
          (member) => member.user_type === 'PARENT' && member.user_id !== target.user_id,
        );
        if (otherParents.length > 0)
          throw new AppError('MANAGER_MUST_HAND_OVER', 'Hand the manager role over first');
        await removeTeam(team.id);
        await activity.record({
          eventType: 'TEAM_LEAVE',
          userId: String(access.userId),
          title: String(team.id),
        });
        return { removed: members.length, left: true };
      }
      const removed = await removePeople(
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

    async deleteTeam(access: TeamAccess) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      if (!deletable(team))
        throw new AppError('TEAM_LOCKED', 'A challenge team cannot be deleted once its round started');
      await removeTeam(team.id);
      await activity.record({
        eventType: 'TEAM_DELETE',
        userId: String(access.userId),
        title: String(team.id),
      });
      return { deleted: true as const };
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
            await removeTeam(teamId);
            continue;
          }
          await db.transaction().execute(async (trx) => {
            await lockTeam(trx, teamId, now());
            await updateTeam(trx, teamId, { manager_user_id: heir.user_id });
            await setMemberRole(trx, teamId, heir.user_id, 'MANAGER');
          });
        }
        await removePeople(teamId, [...goingIds]);
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

    /**
     * An operator's change on a complaint (the console): recruiting opened or closed, or a person
     * taken out with the children they brought; a manager's role passes to another parent first.
     * Inside the caller's transaction when given one (the operator's audit row joins it).
     */
    setRecruitingByOperator: (teamId: number, open: boolean, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (trx) => {
        const team = await findTeam(trx, teamId);
        if (!team) throw new AppError('NOT_FOUND', 'No such team');
        assertOpen(team);
        await lockTeam(trx, teamId, now());
        await updateTeam(trx, teamId, { recruiting_open: open ? 1 : 0 });
      }),

    /** The people who went (`going`: the member and the children they brought) and how many. */
    removeByOperator: (teamId: number, teamMbrId: number, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (trx) => {
        const team = await findTeam(trx, teamId);
        if (!team) throw new AppError('NOT_FOUND', 'No such team');
        assertOpen(team);
        const members = await findMembers(trx, team.id);
        const target = members.find((member) => member.id === teamMbrId);
        if (!target) throw new AppError('NOT_FOUND', 'No such member in this team');
        const going = leaving(members, target);
        const goingIds = new Set(going.map((member) => member.user_id));
        const heir = members.find((member) => member.user_type === 'PARENT' && !goingIds.has(member.user_id));
        if (goingIds.has(team.manager_user_id) && !heir) {
          throw new AppError(
            'CONFLICT',
            'The manager is the only parent: the team would be left without one',
          );
        }
        if (goingIds.has(team.manager_user_id) && heir) {
          await lockTeam(trx, teamId, now());
          await updateTeam(trx, teamId, { manager_user_id: heir.user_id });
          await setMemberRole(trx, teamId, heir.user_id, 'MANAGER');
        }
        const removed = await removePeopleIn(trx, teamId, [...goingIds]);
        return { removed, going };
      }),
  };
}
export type TeamManagementService = ReturnType<typeof createTeamManagementService>;
