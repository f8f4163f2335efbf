import {
  adminTeamDetailEndpoint,
  adminTeamListEndpoint,
  adminTeamRemoveMemberEndpoint,
  adminTeamSetRecruitingEndpoint,
  type AdminTeam,
  type AdminTeamMember,
} from '@hamkke/contract/admin/teams';
import type { FastifyInstance } from 'fastify';
import { roundState } from '@hamkke/contract/challenge/round';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { UsersService } from '../users/users.service.ts';
import type { TeamDirectoryService, DirectoryTeamRow, TeamFilter } from './team-directory.service.ts';
import type { TeamManagementService } from './team-management.service.ts';

/** The team's state on a Seoul day (see the contract's `state`). */
export function teamState(row: DirectoryTeamRow, today: string): AdminTeam['state'] {
  const round = roundState(
    {
      recruitStart: row.recruit_start,
      recruitEnd: row.recruit_end,
      startDate: row.start_date,
      endDate: row.end_date,
    },
    today,
  );
  if (round === 'recruiting') return row.recruiting_open === 1 ? 'recruiting' : 'closed';
  return round;
}

function toAdminTeam(row: DirectoryTeamRow, managerAlias: string, today: string): AdminTeam {
  return {
    teamId: String(row.id),
    name: row.name,
    emoji: row.emoji,
    subChallengeId: String(row.sub_challenge_id),
    roundTitle: row.round_title,
    roundType: row.challenge_type,
    managerAlias,
    memberCount: row.member_count,
    reservedSeats: row.reserved_seats,
    maxUser: row.max_user,
    recruitingOpen: row.recruiting_open === 1,
    state: teamState(row, today),
    certCount: row.cert_count,
    createdAt: row.created_at,
  };
}

/**
 * Teams in the console (support, decision 065): find, look inside, and act on a complaint — close
 * recruiting or take someone out. The teams and the changes are this module's (its counters and
 * rules), people's names the users module's; each change runs in the transaction the console opens
 * (`trx`) and says what its audit row records.
 */
function createTeamsConsole(deps: {
  db: Kysely<Database>;
  clock: Clock;
  teamDirectory: TeamDirectoryService;
  teamManagement: TeamManagementService;
  users: UsersService;
}) {
  const { db, teamDirectory, teamManagement, users } = deps;

  /** The teams with their managers' aliases. */
  async function withManagers(rows: DirectoryTeamRow[], trx: Kysely<Database> = db): Promise<AdminTeam[]> {
    const names = await users.namesOf([...new Set(rows.map((row) => row.manager_user_id))], trx);
    const aliasOf = new Map(names.map((name) => [name.id, name.alias]));
    const today = seoulToday(deps.clock);
    return rows.map((row) => toAdminTeam(row, aliasOf.get(row.manager_user_id) ?? '', today));
  }

  return {
    async list(input: TeamFilter & { offset: number; limit: number }) {
      const page = await teamDirectory.page(input);
      return { items: await withManagers(page.rows), total: page.total };
    },

    async detail(teamId: number) {
      const team = await teamDirectory.teamOrThrow(teamId);
      const members = await teamDirectory.members(teamId);
      const names = await users.namesOf(members.map((member) => member.user_id));
      const nameOf = new Map(names.map((name) => [name.id, name]));
      const [summary] = await withManagers([team]);
      return {
        team: { ...summary!, description: team.description },
        members: members.map((member): AdminTeamMember => {
          const person = nameOf.get(member.user_id);
          return {
            teamMbrId: String(member.id),
            userId: String(member.user_id),
            name: person?.name ?? '',
            alias: person?.alias ?? '',
            userType: person?.user_type ?? 'PARENT',
            role: member.role,
            familyUserId: String(member.family_user_id),
            joinedAt: member.joined_at,
            certCount: member.cert_count,
          };
        }),
      };
    },

    setRecruiting: async (
      trx: Kysely<Database>,
      input: { teamId: number; open: boolean; reason: string },
    ) => {
      const before = await teamDirectory.teamOrThrow(input.teamId, trx);
      await teamManagement.setRecruitingByOperator(input.teamId, input.open, trx);
      const audited = {
        action: input.open ? 'team.open-recruiting' : 'team.close-recruiting',
        target: `team:${input.teamId}`,
        before: { recruitingOpen: before.recruiting_open === 1 },
        after: { recruitingOpen: input.open, reason: input.reason },
      };
      const [after] = await withManagers([await teamDirectory.teamOrThrow(input.teamId, trx)], trx);
      return { answer: after!, audit: audited };
    },

    removeMember: async (
      trx: Kysely<Database>,
      input: { teamId: number; teamMbrId: number; reason: string },
    ) => {
      await teamDirectory.teamOrThrow(input.teamId, trx);
      const { removed, going } = await teamManagement.removeByOperator(input.teamId, input.teamMbrId, trx);
      const audited = {
        action: 'team.remove-member',
        target: `team:${input.teamId}`,
        before: { members: going.map((member) => ({ userId: member.user_id, alias: member.alias })) },
        after: { reason: input.reason },
      };
      return { answer: { removed }, audit: audited };
    },
  };
}

/** The console's teams (support): list, detail, recruiting closed on a complaint, a member taken out. */
export function registerTeamsConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  clock: Clock,
  services: {
    teamDirectory: TeamDirectoryService;
    teamManagement: TeamManagementService;
    users: UsersService;
  },
): void {
  const teams = createTeamsConsole({ db: kit.db, clock, ...services });
  registerConsoleRead(app, kit, adminTeamListEndpoint, ({ body }) =>
    teams.list({
      offset: body.offset,
      limit: body.limit,
      subChallengeId: body.subChallengeId,
      query: body.query || undefined,
    }),
  );
  registerConsoleRead(app, kit, adminTeamDetailEndpoint, ({ body }) => teams.detail(body.teamId));
  registerAuditedEndpoint(app, kit, adminTeamSetRecruitingEndpoint, ({ body, trx }) =>
    teams.setRecruiting(trx, { teamId: body.teamId, open: body.open, reason: body.reason }),
  );
  registerAuditedEndpoint(app, kit, adminTeamRemoveMemberEndpoint, ({ body, trx }) =>
    teams.removeMember(trx, { teamId: body.teamId, teamMbrId: body.teamMbrId, reason: body.reason }),
  );
}
