import type { AdminTeam, AdminTeamMember } from '@hamkke/contract/admin/teams';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TeamManagementService } from '../teams/team-management.service.ts';
import {
  findAdminTeam,
  findAdminTeamMembers,
  findTeamPage,
  type AdminTeamRow,
  type TeamFilter,
} from './admin-teams.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

function toAdminTeam(row: AdminTeamRow): AdminTeam {
  return {
    teamId: String(row.id),
    name: row.name,
    emoji: row.emoji,
    subChallengeId: String(row.sub_challenge_id),
    roundTitle: row.round_title,
    roundType: row.challenge_type,
    managerAlias: row.manager_alias,
    memberCount: row.member_count,
    reservedSeats: row.reserved_seats,
    maxUser: row.max_user,
    recruitingOpen: row.recruiting_open === 1,
    certCount: row.cert_count,
    createdAt: row.created_at,
  };
}

/**
 * Teams in the console (support): find, look inside, and act on a complaint — close recruiting or
 * take someone out. The changes themselves are the teams module's (its counters and rules); this
 * service adds the operator's audit row in the same transaction.
 */
export function createAdminTeamsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  teamManagement: TeamManagementService;
}) {
  const { db, audit, teamManagement } = deps;

  async function teamOrThrow(teamId: number) {
    const team = await findAdminTeam(db, teamId);
    if (!team) throw new AppError('NOT_FOUND', 'No such team');
    return team;
  }

  return {
    async list(input: TeamFilter & { offset: number; limit: number }) {
      const page = await findTeamPage(db, input);
      return { items: page.rows.map(toAdminTeam), total: page.total };
    },

    async detail(teamId: number) {
      const team = await teamOrThrow(teamId);
      const members = await findAdminTeamMembers(db, teamId);
      return {
        team: { ...toAdminTeam(team), description: team.description },
        members: members.map((member): AdminTeamMember => ({
          teamMbrId: String(member.id),
          userId: String(member.user_id),
          name: member.name,
          alias: member.alias,
          userType: member.user_type,
          role: member.role,
          familyUserId: String(member.family_user_id),
          joinedAt: member.joined_at,
          certCount: member.cert_count,
        })),
      };
    },

    async setRecruiting(actor: Actor, input: { teamId: number; open: boolean; reason: string }) {
      const before = await teamOrThrow(input.teamId);
      await teamManagement.setRecruitingByOperator(input.teamId, input.open, (trx) =>
        audit.record(trx, actor, {
          action: input.open ? 'team.open-recruiting' : 'team.close-recruiting',
          target: `team:${input.teamId}`,
          before: { recruitingOpen: before.recruiting_open === 1 },
          after: { recruitingOpen: input.open, reason: input.reason },
        }),
      );
      return toAdminTeam(await teamOrThrow(input.teamId));
    },

    async removeMember(actor: Actor, input: { teamId: number; teamMbrId: string; reason: string }) {
      await teamOrThrow(input.teamId);
      return teamManagement.removeByOperator(input.teamId, input.teamMbrId, (trx, going) =>
        audit.record(trx, actor, {
          action: 'team.remove-member',
          target: `team:${input.teamId}`,
          before: { members: going.map((member) => ({ userId: member.user_id, alias: member.alias })) },
          after: { reason: input.reason },
        }),
      );
    },
  };
}
export type AdminTeamsService = ReturnType<typeof createAdminTeamsService>;
