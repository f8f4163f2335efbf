import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import {
  closeInvitations,
  deleteMembers,
  deleteTeam,
  lockTeam,
  releaseSeats,
  setFavorite,
  setMemberRole,
  updateTeam,
} from './team-writes.repository.ts';

/**
 * People leaving a team and teams going, with the counters kept right: what a member's leaving, a
 * manager's removal, a withdrawal and an operator's removal share. Built for the other teams
 * services only (teams.module.ts); no route calls it.
 */
export function createTeamDeparturesService(deps: Pick<TeamsDeps, 'db' | 'clock'>) {
  const { db } = deps;
  const { now } = clockTools(deps.clock);

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

  return {
    removePeopleIn,

    /** Removes people in one transaction. */
    removePeople(teamId: number, userIds: number[]): Promise<number> {
      return db.transaction().execute((trx) => removePeopleIn(trx, teamId, userIds));
    },

    /** The team goes, with its members, in one transaction. */
    async removeTeam(teamId: number) {
      await db.transaction().execute(async (trx) => {
        if (await lockTeam(trx, teamId, now())) await deleteTeam(trx, teamId);
      });
    },

    /** Inside `trx`: the manager's role passes to `heirUserId`, another parent of the team. */
    async handOverIn(trx: Kysely<Database>, teamId: number, heirUserId: number) {
      await lockTeam(trx, teamId, now());
      await updateTeam(trx, teamId, { manager_user_id: heirUserId });
      await setMemberRole(trx, teamId, heirUserId, 'MANAGER');
    },
  };
}
export type TeamDeparturesService = ReturnType<typeof createTeamDeparturesService>;
