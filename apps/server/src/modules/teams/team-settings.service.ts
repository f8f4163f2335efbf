import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import type { TeamDeparturesService } from './team-departures.service.ts';
import { nameKeyOf } from './team-join.service.ts';
import { assertOpen, deletable } from './team-management.rules.ts';
import { groupFamilies, stateOf, toSummary } from './team-view.ts';
import { lockTeam, setMemberRole, teamNameTaken, updateTeam } from './team-writes.repository.ts';
import { findInvitations, findMembers, findTeam } from './teams.repository.ts';
import { toInvitation } from './team-invitations.service.ts';
import type { TeamsService } from './teams.service.ts';

/** The manager's screen, the team's settings (recruiting and the manager's role among them) and deletion. */
export function createTeamSettingsService(
  deps: TeamsDeps & { reads: TeamsService; departures: TeamDeparturesService },
) {
  const { db, activity } = deps;
  const { today, now } = clockTools(deps.clock);

  return {
    async management(access: TeamAccess) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      const { ranked } = await deps.reads.scoredMembers(team, access.userId);
      const invitations = await findInvitations(db, { teamId: team.id, pendingAfter: now() });
      return {
        team: toSummary(team, today()),
        families: groupFamilies(ranked, String(access.userId)),
        invitations: invitations.map(toInvitation),
        canDelete: deletable(team, today()),
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
      assertOpen(team, today());
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

    async deleteTeam(access: TeamAccess) {
      const team = await deps.reads.teamOrThrow(access.teamId);
      if (!deletable(team, today()))
        throw new AppError('TEAM_LOCKED', 'A challenge team cannot be deleted once its round started');
      await deps.departures.removeTeam(team.id);
      await activity.record({
        eventType: 'TEAM_DELETE',
        userId: String(access.userId),
        title: String(team.id),
      });
      return { deleted: true as const };
    },
  };
}
export type TeamSettingsService = ReturnType<typeof createTeamSettingsService>;
