import { medalOf } from '@hamkke/contract/reward/rewards';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** A closed round's team standings, as they are frozen. */
export interface FrozenTeam {
  teamId: number;
  rank: number;
  certified: number;
  possible: number;
  memberCount: number;
}

/** Rows per insert statement: well under both databases' parameter limits. */
const BATCH = 500;

/** Writes a round's team standings once: rows already there stay as they were. */
export async function insertFrozenTeams(db: Db, subChallengeId: number, teams: readonly FrozenTeam[]) {
  for (let index = 0; index < teams.length; index += BATCH) {
    await db
      .insertInto('round_team_results')
      .values(
        teams.slice(index, index + BATCH).map((row) => ({
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
}

/**
 * Writes a round's member standings once, in one `insert … select` from the kept counters
 * (decision 055), rows already there staying as they were. Each team's members are placed as
 * `placeScores` places them: more certifications first, equal counts sharing a place (1, 1, 3) —
 * `rank()` over the team by the count; who got there first and join order only order the rows of a
 * place, and the frozen row keeps the place alone. `possible` is `memberWindow`'s days × missions:
 * the round's days for a challenge round (`roundPossible`, worked out by the caller), for an always
 * round the days from the later of its start and the member's Seoul day of joining to its end.
 */
export async function insertFrozenMembers(
  db: Db,
  input: {
    subChallengeId: number;
    missionCount: number;
    /** The possible count of a member of a challenge round; null: an always round, per member. */
    roundPossible: number | null;
    startDate: string;
    endDate: string;
  },
) {
  const possible =
    input.roundPossible !== null
      ? sql<number>`cast(${input.roundPossible} as integer)`
      : alwaysPossible(db, input);
  await db
    .insertInto('round_member_results')
    .columns(['sub_challenge_id', 'team_id', 'user_id', 'rank', 'certified', 'possible'])
    .expression(
      db
        .selectFrom('team_members as m')
        .select([
          'm.sub_challenge_id',
          'm.team_id',
          'm.user_id',
          sql<number>`rank() over (partition by m.team_id order by m.cert_count desc)`.as('rank'),
          'm.cert_count',
          possible.as('possible'),
        ])
        .where('m.sub_challenge_id', '=', input.subChallengeId),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * An always round's member: (end − max(start, Seoul day of joining) + 1) days × missions, none when
 * they joined after its end. Seoul is UTC+9 all year: the one dialect branch is the date arithmetic.
 */
function alwaysPossible(db: Db, input: { missionCount: number; startDate: string; endDate: string }) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const from = sql`greatest(cast(${input.startDate} as date), cast((cast(m.joined_at as timestamptz) at time zone 'Asia/Seoul') as date))`;
    return sql<number>`greatest(0, cast(${input.endDate} as date) - ${from} + 1) * cast(${input.missionCount} as integer)`;
  }
  const from = sql`max(${input.startDate}, date(m.joined_at, '+9 hours'))`;
  return sql<number>`max(0, cast(julianday(${input.endDate}) - julianday(${from}) as integer) + 1) * ${input.missionCount}`;
}

/**
 * What a round's close wrote, counted from its frozen standings: teams and members, the medals
 * (places 1–3; a member's only with a certification) and the members who reached the threshold.
 */
export async function countFrozenResults(db: Db, subChallengeId: number, thresholdPct: number) {
  const medalPlaces = [1, 2, 3, 4].filter((place) => medalOf(place) !== null);
  const [teams, members] = await Promise.all([
    db
      .selectFrom('round_team_results')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(eb.case().when('rank', 'in', medalPlaces).then(1).else(0).end()).as('medals'),
      ])
      .where('sub_challenge_id', '=', subChallengeId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('round_member_results')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('rank', 'in', medalPlaces), eb('certified', '>', 0)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('medals'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('possible', '>', 0),
                  sql<boolean>`certified * 100 >= cast(${thresholdPct} as integer) * possible`,
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('rewarded'),
      ])
      .where('sub_challenge_id', '=', subChallengeId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    teams: Number(teams.count),
    members: Number(members.count),
    medals: Number(teams.medals ?? 0) + Number(members.medals ?? 0),
    rewarded: Number(members.rewarded ?? 0),
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

/**
 * A membership's reward notice flag (spec §4): 'Y' for a member a close froze (their standings row),
 * unless they set the flag by hand after that close; otherwise the flag as set. The close writes no
 * flag — 100,000 rows at a national round (decision 055). `rc` and `r` are the round's close and
 * the member's frozen row, joined by the caller.
 */
function noticeFlag() {
  return sql<'Y' | 'N'>`case
    when rc.closed_at is not null and r.user_id is not null
      and (m.reward_notice_set_at is null or m.reward_notice_set_at < rc.closed_at) then 'Y'
    else m.reward_notice_display_yn end`;
}

function membershipsWithClose(db: Db) {
  return db
    .selectFrom('team_members as m')
    .leftJoin('round_closes as rc', 'rc.sub_challenge_id', 'm.sub_challenge_id')
    .leftJoin('round_member_results as r', (join) =>
      join.onRef('r.sub_challenge_id', '=', 'm.sub_challenge_id').onRef('r.user_id', '=', 'm.user_id'),
    );
}

/**
 * Shows the reward notice again on the memberships of a team's reward holders and, for a child,
 * of the parent they came with (the flag set now, after the close: `noticeFlag` reads it as set).
 */
export async function raiseRewardNotices(
  db: Db,
  input: { teamId: number; userIds: readonly number[]; at: string },
): Promise<void> {
  if (input.userIds.length === 0) return;
  await db
    .updateTable('team_members')
    .set({ reward_notice_display_yn: 'Y', reward_notice_set_at: input.at })
    .where('team_id', '=', input.teamId)
    .where((eb) =>
      eb.or([
        eb('user_id', 'in', input.userIds),
        eb(
          'user_id',
          'in',
          eb
            .selectFrom('team_members as holder')
            .select('holder.family_user_id')
            .where('holder.team_id', '=', input.teamId)
            .where('holder.user_id', 'in', input.userIds),
        ),
      ]),
    )
    .execute();
}

/** A membership's reward notice flag as shown, or null for no such membership. */
export async function findRewardNoticeFlag(db: Db, memberId: number): Promise<'Y' | 'N' | null> {
  const row = await membershipsWithClose(db)
    .select(noticeFlag().as('flag'))
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  return row?.flag ?? null;
}

/** The caller's newest membership of a closed round whose reward notice is still to be shown. */
export async function findPendingRewardNotice(db: Db, userId: number) {
  return membershipsWithClose(db)
    .select(['m.id', 'm.team_id', 'm.sub_challenge_id'])
    .where('m.user_id', '=', userId)
    .where('rc.closed_at', 'is not', null)
    .where(noticeFlag(), '=', 'Y')
    .orderBy('rc.closed_at', 'desc')
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
}
