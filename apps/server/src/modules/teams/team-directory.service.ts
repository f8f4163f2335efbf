import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findDirectoryTeam,
  findMembershipsOfUsers,
  findRoundTitles,
  findTeamMemberRows,
  findTeamPage,
  type TeamFilter,
} from './team-directory.repository.ts';

export type { DirectoryTeamRow, TeamFilter } from './team-directory.repository.ts';

/**
 * Teams as support finds them (the console): a page by round and name, one team with its kept
 * counters and members, a family's memberships, rounds' titles. Rows name people by id (names are
 * the users module's). Reads run inside the caller's transaction when given one.
 */
export function createTeamDirectoryService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    page: (input: TeamFilter & { offset: number; limit: number }) => findTeamPage(db, input),

    async teamOrThrow(teamId: number, trx: Kysely<Database> = db) {
      const team = await findDirectoryTeam(trx, teamId);
      if (!team) throw new AppError('NOT_FOUND', 'No such team');
      return team;
    },

    members: (teamId: number) => findTeamMemberRows(db, teamId),

    membershipsOf: (userIds: readonly number[]) => findMembershipsOfUsers(db, userIds),

    /** Each of these rounds' title, by id. */
    async roundTitles(subChallengeIds: readonly number[]): Promise<Map<number, string>> {
      const rows = await findRoundTitles(db, [...new Set(subChallengeIds)]);
      return new Map(rows.map((row) => [row.id, row.title]));
    },
  };
}
export type TeamDirectoryService = ReturnType<typeof createTeamDirectoryService>;
