import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A closed round's standings, as they are frozen and read back. */
export interface RoundStandings {
  teams: { teamId: number; rank: number; certified: number; possible: number; memberCount: number }[];
  members: { teamId: number; userId: number; rank: number; certified: number; possible: number }[];
}

/** Rows per insert statement: well under both databases' parameter limits. */
const BATCH = 500;

/** Every member of a round's teams with their kept counters, in join order. */
export async function findMembersOfRound(db: Db, subChallengeId: number) {
  return db
    .selectFrom('team_members')
    .select(['team_id', 'user_id', 'cert_count', 'last_cert_at', 'joined_at'])
    .where('sub_challenge_id', '=', subChallengeId)
    .orderBy('team_id')
    .orderBy('joined_at')
    .orderBy('id')
    .execute();
}

/** Writes a round's standings once: rows already there stay as they were. */
export async function insertFrozenResults(db: Db, subChallengeId: number, standings: RoundStandings) {
  for (let index = 0; index < standings.teams.length; index += BATCH) {
    await db
      .insertInto('round_team_results')
      .values(
        standings.teams.slice(index, index + BATCH).map((row) => ({
          sub_challenge_id: subChallengeId,
          team_id: row.teamId,
          rank: row.rank,
          certified: row.certified,
          possible: row.possible,
          member_count: row.memberCount,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (let index = 0; index < standings.members.length; index += BATCH) {
    await db
      .insertInto('round_member_results')
      .values(
        standings.members.slice(index, index + BATCH).map((row) => ({
          sub_challenge_id: subChallengeId,
          team_id: row.teamId,
          user_id: row.userId,
          rank: row.rank,
          certified: row.certified,
          possible: row.possible,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function findFrozenResults(db: Db, subChallengeId: number): Promise<RoundStandings> {
  const [teams, members] = await Promise.all([
    db
      .selectFrom('round_team_results')
      .select(['team_id', 'rank', 'certified', 'possible', 'member_count'])
      .where('sub_challenge_id', '=', subChallengeId)
      .orderBy('rank')
      .execute(),
    db
      .selectFrom('round_member_results')
      .select(['team_id', 'user_id', 'rank', 'certified', 'possible'])
      .where('sub_challenge_id', '=', subChallengeId)
      .orderBy('team_id')
      .orderBy('rank')
      .execute(),
  ]);
  return {
    teams: teams.map((row) => ({
      teamId: row.team_id,
      rank: row.rank,
      certified: row.certified,
      possible: row.possible,
      memberCount: row.member_count,
    })),
    members: members.map((row) => ({
      teamId: row.team_id,
      userId: row.user_id,
      rank: row.rank,
      certified: row.certified,
      possible: row.possible,
    })),
  };
}

/** Challenge rounds whose last day is before `today` and whose close has not run. */
export async function findRoundsToClose(db: Db, today: string) {
  const rows = await db
    .selectFrom('sub_challenges as s')
    .leftJoin('round_closes as rc', 'rc.sub_challenge_id', 's.id')
    .select('s.id')
    .where('s.end_date', 'is not', null)
    .where('s.end_date', '<', today)
    .where('rc.sub_challenge_id', 'is', null)
    .orderBy('s.end_date')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims a round's close: true for exactly one caller, whatever the concurrency (the primary key);
 * inside the close's transaction, so a failed close leaves no claim behind.
 */
export async function claimRoundClose(db: Db, input: { subChallengeId: number; now: string; by: string }) {
  const result = await db
    .insertInto('round_closes')
    .values({ sub_challenge_id: input.subChallengeId, closed_at: input.now, closed_by: input.by })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The reward notice of every member of a closed round waits to be shown (spec §4). */
export async function announceResults(db: Db, subChallengeId: number) {
  await db
    .updateTable('team_members')
    .set({ reward_notice_display_yn: 'Y' })
    .where('sub_challenge_id', '=', subChallengeId)
    .execute();
}

/** A team's frozen place and how many teams its round had. */
export async function findTeamResult(db: Db, teamId: number) {
  const row = await db
    .selectFrom('round_team_results')
    .select(['sub_challenge_id', 'rank', 'certified', 'possible'])
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) return null;
  const total = await db
    .selectFrom('round_team_results')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sub_challenge_id', '=', row.sub_challenge_id)
    .executeTakeFirst();
  return { ...row, teamCount: Number(total?.count ?? 0) };
}

export async function findMemberResult(db: Db, subChallengeId: number, userId: number) {
  return db
    .selectFrom('round_member_results')
    .select(['team_id', 'rank', 'certified', 'possible'])
    .where('sub_challenge_id', '=', subChallengeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The caller's newest membership of a closed round whose reward notice is still to be shown. */
export async function findPendingRewardNotice(db: Db, userId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('round_closes as rc', 'rc.sub_challenge_id', 'm.sub_challenge_id')
    .select(['m.id', 'm.team_id', 'm.sub_challenge_id'])
    .where('m.user_id', '=', userId)
    .where('m.reward_notice_display_yn', '=', 'Y')
    .orderBy('rc.closed_at', 'desc')
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
}
