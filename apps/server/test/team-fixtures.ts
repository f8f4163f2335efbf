import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { createChild, createRound, createTeam, createUser, teamPublicId } from './factories.ts';

/** The id of `userId`'s row in a team (what the app sends as `mbrId`), as text. */
export async function memberIdOf(db: Kysely<Database>, teamId: number, userId: number): Promise<string> {
  const row = await db
    .selectFrom('team_members')
    .select('id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** A team's member rows beside its counters of members and held seats (null: no such team). */
export async function seatCounts(db: Kysely<Database>, teamId: number) {
  const team = await db
    .selectFrom('teams')
    .select(['member_count', 'reserved_seats'])
    .where('id', '=', teamId)
    .executeTakeFirst();
  const rows = await db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute();
  return {
    rows: rows.length,
    memberCount: team?.member_count ?? null,
    reserved: team?.reserved_seats ?? null,
  };
}

/** A recruiting team: manager M; parent P with child C; parent Q. `mbr` names a member's row. */
export async function recruitingFamilyTeam(db: Kysely<Database>) {
  const round = await createRound(db);
  const m = await createUser(db, { alias: '팀장' });
  const p = await createUser(db, { alias: '피맘' });
  const c = await createChild(db, p, `c${p}`, 'kid-pass-1234');
  const q = await createUser(db, { alias: '큐아빠' });
  const teamId = await createTeam(db, {
    subChallengeId: round.subChallengeId,
    managerId: m,
    members: [{ userId: p }, { userId: c, familyId: p }, { userId: q }],
  });
  const mbr = (userId: number) => memberIdOf(db, teamId, userId);
  return { round, m, p, c, q, teamId, team: await teamPublicId(db, teamId), mbr };
}
