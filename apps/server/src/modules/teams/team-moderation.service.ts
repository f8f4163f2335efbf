import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import type { TeamDeparturesService } from './team-departures.service.ts';
import { assertOpen, leaving } from './team-management.rules.ts';
import { lockTeam, updateTeam } from './team-writes.repository.ts';
import { findMembers, findTeam } from './teams.repository.ts';

/**
 * An operator's change on a complaint (the console): recruiting opened or closed, or a person
 * taken out with the children they brought; a manager's role passes to another parent first.
 * Inside the caller's transaction when given one (the operator's audit row joins it).
 */
export function createTeamModerationService(
  deps: Pick<TeamsDeps, 'db' | 'clock'> & { departures: TeamDeparturesService },
) {
  const { db, departures } = deps;
  const { today, now } = clockTools(deps.clock);

  return {
    setRecruitingByOperator: (teamId: number, open: boolean, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (trx) => {
        const team = await findTeam(trx, teamId);
        if (!team) throw new AppError('NOT_FOUND', 'No such team');
        assertOpen(team, today());
        await lockTeam(trx, teamId, now());
        await updateTeam(trx, teamId, { recruiting_open: open ? 1 : 0 });
      }),

    /** The people who went (`going`: the member and the children they brought) and how many. */
    removeByOperator: (teamId: number, teamMbrId: number, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (trx) => {
        const team = await findTeam(trx, teamId);
        if (!team) throw new AppError('NOT_FOUND', 'No such team');
        assertOpen(team, today());
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
        if (goingIds.has(team.manager_user_id) && heir)
          await departures.handOverIn(trx, teamId, heir.user_id);
        const removed = await departures.removePeopleIn(trx, teamId, [...goingIds]);
        return { removed, going };
      }),
  };
}
export type TeamModerationService = ReturnType<typeof createTeamModerationService>;
