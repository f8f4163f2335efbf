import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { countedCertifications, roundMissionsView } from '../missions/missions.views.ts';
import { peopleView } from '../users/users.views.ts';
import { epochDay, firstScoringDay } from './team-view.ts';
import { memberColumns } from './teams.repository.ts';

/**
 * Certification counts behind rankings, progress and day strips. They are grouped in SQL over the
 * indexed (user, day) columns, so certifications are never loaded one by one into JS. A team's
 * certifications are its members' certifications of the round's missions on the scoring days. For
 * an always team, they count only from when each member joined (`created_at >= joined_at`: both are
 * ISO-8601 UTC strings of one form, so text order is time order on SQLite and PostgreSQL alike).
 */

type Db = Kysely<Database>;

export interface ScoreRange {
  subChallengeId: number;
  from: string;
  to: string;
  /** Always teams: only what each member made after joining. */
  sinceJoin: boolean;
}

function teamCertifications(db: Db, input: ScoreRange) {
  let query = db
    .selectFrom('team_members as m')
    .innerJoin(countedCertifications(db).as('mc'), 'mc.user_id', 'm.user_id')
    .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
    .where('m.sub_challenge_id', '=', input.subChallengeId)
    .whereRef('mi.sub_challenge_id', '=', 'm.sub_challenge_id')
    .where('mc.certified_on', '>=', input.from)
    .where('mc.certified_on', '<=', input.to);
  if (input.sinceJoin) query = query.whereRef('mc.created_at', '>=', 'm.joined_at');
  return query;
}

// The member rankings: the members with what each certified on one day, compiled once.
const membersOfDayRows = preparedQuery((db, values: { teamId: number; day: string }) =>
  db
    .selectFrom('team_members as m')
    .innerJoin(peopleView(db).as('u'), 'u.id', 'm.user_id')
    .select(memberColumns)
    .select((eb) =>
      eb
        .selectFrom(countedCertifications(db).as('mc'))
        .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('mc.user_id', '=', 'm.user_id')
        .whereRef('mi.sub_challenge_id', '=', 'm.sub_challenge_id')
        .where('mc.certified_on', '=', values.day)
        // Always teams count only what a member made after joining.
        .where((inner) =>
          inner.or([
            inner('m.slot_key', '<>', 'always'),
            inner('mc.created_at', '>=', inner.ref('m.joined_at')),
          ]),
        )
        .as('day_count'),
    )
    .where('m.team_id', '=', values.teamId)
    .orderBy('m.joined_at')
    .orderBy('m.id'),
);

/**
 * A team's members in join order with their kept scores and how many of the round's missions
 * each certified on `day` (hidden ones not counted): the members, their scores and today's change
 * in one query.
 */
export async function findMembersWithDayCount(db: Db, teamId: number, day: string) {
  const rows = await membersOfDayRows(db, { teamId, day });
  return rows.map(({ day_count, ...member }) => ({ member, dayCount: Number(day_count ?? 0) }));
}

/** Per day, for one team's day strip. */
export async function countPerDay(db: Db, input: ScoreRange & { teamId: number }) {
  if (input.from > input.to) return [];
  return teamCertifications(db, input)
    .where('m.team_id', '=', input.teamId)
    .select((eb) => ['mc.certified_on', eb.fn.countAll<number>().as('count')])
    .groupBy('mc.certified_on')
    .execute();
}

/** Per team of a round, for the team ranking: one query for every team. */
export async function countPerTeam(db: Db, input: ScoreRange) {
  if (input.from > input.to) return [];
  return teamCertifications(db, input)
    .select((eb) => ['m.team_id', eb.fn.countAll<number>().as('count')])
    .groupBy('m.team_id')
    .execute();
}

/** One person's certifications of a round's missions between two days, made at or after `since`. */
export async function countOfPerson(
  db: Db,
  input: { userId: number; subChallengeId: number; from: string; to: string; since: string | null },
): Promise<number> {
  if (input.from > input.to) return 0;
  let query = db
    .selectFrom(countedCertifications(db).as('mc'))
    .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mi.sub_challenge_id', '=', input.subChallengeId)
    .where('mc.user_id', '=', input.userId)
    .where('mc.certified_on', '>=', input.from)
    .where('mc.certified_on', '<=', input.to);
  if (input.since !== null) query = query.where('mc.created_at', '>=', input.since);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** When each member of a round's teams joined: what their team could have certified so far. */
export async function findJoinsOfRound(db: Db, subChallengeId: number) {
  return db
    .selectFrom('team_members')
    .select(['team_id', 'joined_at'])
    .where('sub_challenge_id', '=', subChallengeId)
    .execute();
}

interface CertificationEvent {
  userId: number;
  subChallengeId: number;
  day: string;
  createdAt: string;
}

/**
 * Keeps the scores of a certification's team (at most one per round: one always team, one team per
 * challenge round) in the certification's transaction. The team row is updated first, so a removal
 * (which locks the team, then its member rows) and a certification take their locks in one order.
 * Always teams count only what a member made after joining.
 */
export async function applyCertification(db: Db, event: CertificationEvent, delta: 1 | -1): Promise<void> {
  const membership = await db
    .selectFrom('team_members as m')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .select(['m.id', 'm.team_id'])
    .where('m.user_id', '=', event.userId)
    .where('m.sub_challenge_id', '=', event.subChallengeId)
    .where((eb) => eb.or([eb('m.slot_key', '<>', 'always'), eb('m.joined_at', '<=', event.createdAt)]))
    // Only the round's own days count.
    .where('s.start_date', '<=', event.day)
    .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>=', event.day)]))
    .executeTakeFirst();
  if (!membership) return;
  const moveTeam = (by: number) =>
    db
      .updateTable('teams')
      .set((eb) => ({
        cert_count: eb('cert_count', '+', by),
        // The kept day is the newest one counted: a change to an older day (an operator hiding
        // or restoring a past certification) leaves it alone.
        day_count: eb
          .case()
          .when('day_count_on', '=', event.day)
          .then(eb('day_count', '+', by))
          .when('day_count_on', '>', event.day)
          .then(eb.ref('day_count'))
          .else(by > 0 ? by : 0)
          .end(),
        day_count_on: eb
          .case()
          .when('day_count_on', '>', event.day)
          .then(eb.ref('day_count_on'))
          .else(event.day)
          .end(),
      }))
      .where('id', '=', membership.team_id)
      .execute();
  await moveTeam(delta);
  const updated = await db
    .updateTable('team_members as tm')
    .set((eb) => ({
      cert_count: eb('tm.cert_count', '+', delta),
      last_cert_at:
        delta > 0
          ? eb.val(event.createdAt)
          : eb
              .selectFrom(countedCertifications(db).as('mc'))
              .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
              .select((inner) => inner.fn.max('mc.created_at').as('last'))
              .whereRef('mc.user_id', '=', 'tm.user_id')
              .whereRef('mi.sub_challenge_id', '=', 'tm.sub_challenge_id')
              .where((inner) =>
                inner.or([
                  inner('tm.slot_key', '<>', 'always'),
                  inner('mc.created_at', '>=', inner.ref('tm.joined_at')),
                ]),
              ),
    }))
    .where('tm.id', '=', membership.id)
    .executeTakeFirst();
  // Removed from the team between the two statements: the team's count goes back.
  if (Number(updated.numUpdatedRows) === 0) await moveTeam(-delta);
}

/** Members' counters of one team: certifications that count and when the last was made. */
export async function findMemberScores(db: Db, teamId: number) {
  return db
    .selectFrom('team_members')
    .select(['user_id', 'cert_count', 'last_cert_at'])
    .where('team_id', '=', teamId)
    .execute();
}

export interface TeamRankInput {
  subChallengeId: number;
  missionCount: number;
  /** The last scoring day as an epoch day, and the one before it (for today's change). */
  toEpoch: number;
  /** When set, today's certifications are taken out for the place at the start of today. */
  today: string | null;
  limit: number;
  mineTeamId: number;
}

/** The round's teams scored and ranked (`with scored …, ranked …`): rankTeamsOfRound's rule, in one place. */
function rankedTeams(input: Omit<TeamRankInput, 'limit' | 'mineTeamId'>) {
  const possible = (toEpoch: number) =>
    sql<number>`(${input.missionCount} * (t.member_count * ${toEpoch + 1} - t.member_days_base))`;
  const rate = (certified: ReturnType<typeof sql>, toEpoch: number) => sql<number>`case
      when ${possible(toEpoch)} <= 0 then 0
      when ${certified} >= ${possible(toEpoch)} then 1
      else cast(${certified} as double precision) / ${possible(toEpoch)} end`;
  const todayCount =
    input.today === null
      ? sql`0`
      : sql`case when t.day_count_on = ${input.today} then t.day_count else 0 end`;
  return sql`
    with scored as (
      select t.id, t.public_id, t.name, t.emoji, t.member_count, t.created_at, t.cert_count,
        case when ${possible(input.toEpoch)} > 0 then ${possible(input.toEpoch)} else 0 end as possible,
        ${rate(sql`t.cert_count`, input.toEpoch)} as rate,
        ${rate(sql`(t.cert_count - ${todayCount})`, input.toEpoch - (input.today === null ? 0 : 1))} as previous_rate
      from teams t
      where t.sub_challenge_id = ${input.subChallengeId}
    ), ranked as (
      select scored.*,
        rank() over (order by rate desc) as place,
        rank() over (order by previous_rate desc) as previous_place,
        row_number() over (order by rate desc, member_count desc, created_at, id) as row_order,
        count(*) over () as total
      from scored
    )`;
}

/**
 * 팀 순위: 지금까지 가능한 인증 대비 한 인증의 비율, 같으면 인원이 많은 팀, 그다음 먼저 만든 팀.
 * Teams of an equal rate share a place, 1, 1, 3 (`rank()`: lib/ranking.ts's rule, decision 026);
 * size, creation time and id only order the rows of a shared place.
 * One query over the round's team rows (their kept counters; no certification is read): the first
 * `limit` rows in that order (a place shared across the cut is listed up to it: at a round's start
 * every team shares the first place), the caller's team, the place each had at the start of today,
 * and how many teams.
 * Possible = missions × (members × (last day + 1) − Σ first days), clamped at zero.
 */
export async function rankTeamsOfRound(db: Db, input: TeamRankInput) {
  const result = await sql<{
    id: number;
    public_id: string;
    name: string;
    emoji: string;
    member_count: number;
    created_at: string;
    cert_count: number;
    possible: number;
    rate: number;
    place: number;
    previous_place: number;
    total: number;
  }>`
    ${rankedTeams(input)}
    select * from ranked where row_order <= ${input.limit} or id = ${input.mineTeamId} order by row_order
  `.execute(db);
  return result.rows.map((row) => ({
    ...row,
    member_count: Number(row.member_count),
    cert_count: Number(row.cert_count),
    possible: Number(row.possible),
    rate: Number(row.rate),
    place: Number(row.place),
    previous_place: Number(row.previous_place),
    total: Number(row.total),
  }));
}

/** A team's place in a round's ranking, without the text a listed row shows (decision 054). */
export interface TeamPlace {
  place: number;
  previousPlace: number;
  memberCount: number;
  certCount: number;
  /** What it could have certified so far (clamped at zero); the rate is `certCount` over it. */
  possible: number;
}

/** The ranking's rate of a team, as rankTeamsOfRound's SQL computes it (the same double division). */
export function rateOfPlace(place: TeamPlace): number {
  if (place.possible <= 0) return 0;
  return place.certCount >= place.possible ? 1 : place.certCount / place.possible;
}

/**
 * The same ranking as rankTeamsOfRound, for keeping: the first `limit` rows whole, and every team's
 * place (or only `mineTeamId`'s) as integers in one text (`id,place,previous place,members,
 * certified,possible;…`), so that 10,000 teams cost the server one string to split, not 10,000
 * rows of twelve values to parse (the event loop was blocked 20–40 ms per computation).
 */
export async function rankPlacesOfRound(
  db: Db,
  input: Omit<TeamRankInput, 'mineTeamId'> & { mineTeamId: number | null },
) {
  const concat = db.getExecutor().adapter instanceof PostgresAdapter ? sql`string_agg` : sql`group_concat`;
  const which = input.mineTeamId === null ? sql`` : sql`where id = ${input.mineTeamId}`;
  const result = await sql<{
    id: number;
    public_id: string;
    name: string;
    emoji: string;
    member_count: number;
    rate: number;
    place: number;
    previous_place: number;
    total: number;
    places: string | null;
  }>`
    ${rankedTeams(input)}
    select id, public_id, name, emoji, member_count, rate, place, previous_place, total,
      case when row_order = 1 then (
        select ${concat}(id || ',' || place || ',' || previous_place || ',' || member_count || ',' ||
          cert_count || ',' || possible, ';') from ranked ${which}
      ) end as places
    from ranked where row_order <= ${input.limit} order by row_order
  `.execute(db);
  const places = new Map<number, TeamPlace>();
  for (const entry of result.rows[0]?.places?.split(';') ?? []) {
    const [id, place, previousPlace, memberCount, certCount, possible] = entry.split(',').map(Number);
    places.set(id!, {
      place: place!,
      previousPlace: previousPlace!,
      memberCount: memberCount!,
      certCount: certCount!,
      possible: possible!,
    });
  }
  const top = result.rows.map((row) => ({
    id: row.id,
    public_id: row.public_id,
    name: row.name,
    emoji: row.emoji,
    member_count: Number(row.member_count),
    rate: Number(row.rate),
    place: Number(row.place),
    previous_place: Number(row.previous_place),
  }));
  return { top, places, total: Number(result.rows[0]?.total ?? 0) };
}

/** Frozen places of a closed round: the top ones and the caller's, with how many teams there were. */
export async function findFrozenTeamRanks(
  db: Db,
  input: { subChallengeId: number; limit: number; mineTeamId: number },
) {
  const rows = await db
    .selectFrom('round_team_results as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select([
      't.id',
      't.public_id',
      't.name',
      't.emoji',
      'r.member_count',
      'r.rank',
      'r.certified',
      'r.possible',
    ])
    .where('r.sub_challenge_id', '=', input.subChallengeId)
    .where((eb) => eb.or([eb('r.rank', '<=', input.limit), eb('r.team_id', '=', input.mineTeamId)]))
    // The live ranking's order inside a shared place (the answer lists the first `limit` rows).
    .orderBy('r.rank')
    .orderBy('r.member_count', 'desc')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  const total = await db
    .selectFrom('round_team_results')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sub_challenge_id', '=', input.subChallengeId)
    .executeTakeFirst();
  return { rows, total: Number(total?.count ?? 0) };
}

/** Whether a round's results are frozen (its close ran). */
export async function isRoundClosed(db: Db, subChallengeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('round_closes')
    .select('sub_challenge_id')
    .where('sub_challenge_id', '=', subChallengeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A closed round's frozen member places in one team. */
export async function findFrozenMemberRanks(db: Db, teamId: number) {
  return db
    .selectFrom('round_member_results')
    .select(['user_id', 'rank', 'certified', 'possible'])
    .where('team_id', '=', teamId)
    .execute();
}

/**
 * Counts every kept score again from the certifications (seeded data, tests that write rows
 * directly, a repair). `today` fills the teams' counts of the day.
 */
export async function recountScores(db: Db, today: string): Promise<void> {
  const rows = await db
    .selectFrom('team_members as m')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .leftJoin(roundMissionsView(db).as('mi'), 'mi.sub_challenge_id', 'm.sub_challenge_id')
    .leftJoin(countedCertifications(db).as('mc'), (join) =>
      join
        .onRef('mc.mission_id', '=', 'mi.id')
        .onRef('mc.user_id', '=', 'm.user_id')
        .onRef('mc.certified_on', '>=', 's.start_date')
        .on((eb) => eb.or([eb('s.end_date', 'is', null), eb('mc.certified_on', '<=', eb.ref('s.end_date'))]))
        .on((eb) =>
          eb.or([eb('m.slot_key', '<>', 'always'), eb('mc.created_at', '>=', eb.ref('m.joined_at'))]),
        ),
    )
    .select((eb) => [
      'm.id',
      'm.team_id',
      'm.slot_key',
      'm.joined_at',
      's.start_date',
      eb.fn.count<number>('mc.id').as('count'),
      eb.fn.max('mc.created_at').as('last_at'),
      eb.fn
        .sum<number>(eb.case().when('mc.certified_on', '=', today).then(1).else(0).end())
        .as('today_count'),
    ])
    .groupBy(['m.id', 'm.team_id', 'm.slot_key', 'm.joined_at', 's.start_date'])
    .execute();
  const teams = new Map<number, { count: number; base: number; today: number }>();
  for (const row of rows) {
    const count = Number(row.count);
    await db
      .updateTable('team_members')
      .set({ cert_count: count, last_cert_at: row.last_at === null ? null : String(row.last_at) })
      .where('id', '=', row.id)
      .execute();
    const team = teams.get(row.team_id) ?? { count: 0, base: 0, today: 0 };
    team.count += count;
    team.today += Number(row.today_count ?? 0);
    team.base += epochDay(firstScoringDay(row.slot_key, row.start_date, row.joined_at));
    teams.set(row.team_id, team);
  }
  await db
    .updateTable('teams')
    .set({ cert_count: 0, member_days_base: 0, day_count: 0, day_count_on: null })
    .execute();
  for (const [id, team] of teams) {
    await db
      .updateTable('teams')
      .set({
        cert_count: team.count,
        member_days_base: team.base,
        day_count: team.today,
        day_count_on: today,
      })
      .where('id', '=', id)
      .execute();
  }
}
