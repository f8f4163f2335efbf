import { medalOf } from '@hamkke/contract/reward/rewards';
import { sql, type Expression, type Kysely } from 'kysely';
import type { Database, MedalColumn, RewardKindColumn, RewardsTable } from '../../db/schema.ts';
import { allCertificationsView, roundMissionsView } from '../missions/missions.views.ts';
import {
  challengesView,
  roundMemberResultsView,
  roundsView,
  roundTeamResultsView,
  teamMembersView,
  teamsView,
} from '../teams/teams.views.ts';
import { peopleView } from '../users/users.views.ts';

type Db = Kysely<Database>;

/** A medal per place: the contract's `medalOf` as SQL, for the places that get one. */
function medalOfRank(rank: Expression<number>) {
  const places = [1, 2, 3, 4].flatMap((place) => {
    const medal = medalOf(place);
    return medal ? [{ place, medal }] : [];
  });
  return sql<MedalColumn>`case ${sql.join(
    places.map(({ place, medal }) => sql`when ${rank} = ${sql.lit(place)} then ${sql.lit(medal)}`),
    sql` `,
  )} end`;
}

/**
 * A closed round's medals from its frozen standings, in two statements (decision 052): its teams
 * placed 1–3, and members placed 1–3 in their team with at least one certification. Once: a medal
 * already granted (its `award_key`) stays as it was.
 */
export async function insertRoundMedals(db: Db, subChallengeId: number, at: string): Promise<void> {
  const medalPlaces = [1, 2, 3, 4].filter((place) => medalOf(place) !== null);
  const teams = db
    .selectFrom(roundTeamResultsView(db).as('r'))
    .select((eb) => [
      sql<string>`'TEAM:' || cast(r.sub_challenge_id as text) || ':' || cast(r.team_id as text)`.as(
        'award_key',
      ),
      'r.sub_challenge_id',
      'r.team_id',
      sql<number | null>`cast(null as integer)`.as('user_id'),
      sql<'TEAM'>`'TEAM'`.as('scope'),
      medalOfRank(eb.ref('r.rank')).as('medal'),
      'r.rank',
      eb.val(at).as('granted_at'),
    ])
    .where('r.sub_challenge_id', '=', subChallengeId)
    .where('r.rank', 'in', medalPlaces);
  const members = db
    .selectFrom(roundMemberResultsView(db).as('r'))
    .select((eb) => [
      sql<string>`'MEMBER:' || cast(r.sub_challenge_id as text) || ':' || cast(r.team_id as text) || ':' || cast(r.user_id as text)`.as(
        'award_key',
      ),
      'r.sub_challenge_id',
      'r.team_id',
      sql<number | null>`r.user_id`.as('user_id'),
      sql<'MEMBER'>`'MEMBER'`.as('scope'),
      medalOfRank(eb.ref('r.rank')).as('medal'),
      'r.rank',
      eb.val(at).as('granted_at'),
    ])
    .where('r.sub_challenge_id', '=', subChallengeId)
    .where('r.rank', 'in', medalPlaces)
    .where('r.certified', '>', 0);
  for (const medals of [teams, members]) {
    await db
      .insertInto('medals')
      .columns([
        'award_key',
        'sub_challenge_id',
        'team_id',
        'user_id',
        'scope',
        'medal',
        'rank',
        'granted_at',
      ])
      .expression(medals)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** What one kind of a round's reward is (the same for everyone who reaches the threshold). */
export type RoundReward = Pick<RewardsTable, 'kind' | 'unit' | 'amount' | 'item_name' | 'status'>;

/**
 * A closed round's reward ledger from its frozen standings, a statement per kind (decision 052):
 * every member whose certified × 100 ≥ threshold % × possible (as `reachesThreshold`), with their
 * rate in thousandths (as `rateOf`, floored). Once per round, person and kind (the unique key).
 */
export async function insertRoundRewards(
  db: Db,
  input: { subChallengeId: number; thresholdPct: number; rewards: readonly RoundReward[]; at: string },
): Promise<void> {
  for (const reward of input.rewards) {
    const reached = db
      .selectFrom(roundMemberResultsView(db).as('m'))
      .select((eb) => [
        'm.sub_challenge_id',
        'm.team_id',
        'm.user_id',
        sql<RewardKindColumn>`${reward.kind}`.as('kind'),
        sql<RewardsTable['unit']>`${reward.unit}`.as('unit'),
        sql<number>`cast(${reward.amount} as integer)`.as('amount'),
        sql<string>`${reward.item_name}`.as('item_name'),
        sql<RewardsTable['status']>`${reward.status}`.as('status'),
        sql<number>`(case when m.certified < m.possible then m.certified else m.possible end) * 1000 / m.possible`.as(
          'rate_permille',
        ),
        eb.val(input.at).as('granted_at'),
      ])
      .where('m.sub_challenge_id', '=', input.subChallengeId)
      .where('m.possible', '>', 0)
      .where(sql<boolean>`m.certified * 100 >= cast(${input.thresholdPct} as integer) * m.possible`);
    await db
      .insertInto('rewards')
      .columns([
        'sub_challenge_id',
        'team_id',
        'user_id',
        'kind',
        'unit',
        'amount',
        'item_name',
        'status',
        'rate_permille',
        'granted_at',
      ])
      .expression(reached)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

function rewardsQuery(db: Db) {
  return db
    .selectFrom('rewards as r')
    .innerJoin(peopleView(db).as('u'), 'u.id', 'r.user_id')
    .innerJoin(teamsView(db).as('t'), 't.id', 'r.team_id')
    .innerJoin(roundsView(db).as('s'), 's.id', 'r.sub_challenge_id')
    .innerJoin(challengesView(db).as('c'), 'c.id', 's.challenge_id')
    .select([
      'r.id',
      'r.kind',
      'r.unit',
      'r.amount',
      'r.item_name',
      'r.status',
      'r.user_id',
      'r.team_id',
      'r.sub_challenge_id',
      'r.rate_permille',
      'r.granted_at',
      'r.settled_at',
      'u.alias',
      't.public_id as team_public_id',
      't.name as team_name',
      's.title as round_title',
      'c.title as challenge_title',
    ]);
}

export async function findRewards(
  db: Db,
  filter: { userIds: readonly number[]; teamId?: number; subChallengeId?: number },
  page?: { offset: number; limit: number },
) {
  if (filter.userIds.length === 0) return [];
  let query = rewardsQuery(db)
    .where('r.user_id', 'in', filter.userIds)
    .orderBy('r.granted_at', 'desc')
    .orderBy('r.id', 'desc');
  if (filter.teamId !== undefined) query = query.where('r.team_id', '=', filter.teamId);
  if (filter.subChallengeId !== undefined)
    query = query.where('r.sub_challenge_id', '=', filter.subChallengeId);
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}
export type RewardRow = Awaited<ReturnType<typeof findRewards>>[number];

/** Totals per kind and unit, cancelled ones left out, and how much of each is paid. */
export async function sumRewards(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('rewards')
    .select((eb) => [
      'kind',
      'unit',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(sql<number>`case when status = 'PAID' then amount else 0 end`).as('paid_amount'),
      eb.fn.sum<number>(sql<number>`case when status = 'PAID' then 1 else 0 end`).as('paid_count'),
    ])
    .where('user_id', 'in', userIds)
    .where('status', '<>', 'CANCELLED')
    .groupBy(['kind', 'unit'])
    .execute();
}

/** Medals of people (member medals and the team medals of their teams), or of one team. */
export async function findMedals(db: Db, filter: { userIds?: readonly number[]; teamId?: number }) {
  let query = db
    .selectFrom('medals as md')
    .innerJoin(teamsView(db).as('t'), 't.id', 'md.team_id')
    .innerJoin(roundsView(db).as('s'), 's.id', 'md.sub_challenge_id')
    .leftJoin(peopleView(db).as('u'), 'u.id', 'md.user_id')
    .select([
      'md.id',
      'md.scope',
      'md.medal',
      'md.rank',
      'md.team_id',
      'md.user_id',
      'md.granted_at',
      't.public_id as team_public_id',
      't.name as team_name',
      't.emoji as team_emoji',
      's.title as round_title',
      'u.alias',
    ])
    .orderBy('md.granted_at', 'desc')
    .orderBy('md.scope', 'desc')
    .orderBy('md.id');
  if (filter.teamId !== undefined) query = query.where('md.team_id', '=', filter.teamId);
  const userIds = filter.userIds;
  if (userIds !== undefined) {
    if (userIds.length === 0) return [];
    query = query.where((eb) =>
      eb.or([
        eb('md.user_id', 'in', userIds),
        eb.and([
          eb('md.scope', '=', 'TEAM'),
          eb(
            'md.team_id',
            'in',
            eb.selectFrom(teamMembersView(db).as('m')).select('m.team_id').where('m.user_id', 'in', userIds),
          ),
        ]),
      ]),
    );
  }
  return query.execute();
}
export type MedalRow = Awaited<ReturnType<typeof findMedals>>[number];

export async function countRewardsOfKind(db: Db, subChallengeId: number, kind: RewardKindColumn) {
  const row = await db
    .selectFrom('rewards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sub_challenge_id', '=', subChallengeId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** What a person's timeline is made of: the newest `limit` of each kind, merged by the service. */
export async function findTimelineSources(db: Db, userId: number, limit: number) {
  const [certifications, badges, joins, medals, rewards] = await Promise.all([
    db
      .selectFrom(allCertificationsView(db).as('mc'))
      .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
      .select(['mc.id', 'mc.created_at', 'mc.certified_on', 'mi.title', 'mi.icon'])
      .where('mc.user_id', '=', userId)
      .orderBy('mc.created_at', 'desc')
      .orderBy('mc.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('user_badges as ub')
      .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
      .select(['ub.badge_id as id', 'ub.achieved_at', 'r.name', 'r.emoji'])
      .where('ub.user_id', '=', userId)
      .orderBy('ub.achieved_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom(teamMembersView(db).as('m'))
      .innerJoin(teamsView(db).as('t'), 't.id', 'm.team_id')
      .select(['m.id', 'm.joined_at', 't.name', 't.emoji'])
      .where('m.user_id', '=', userId)
      .orderBy('m.joined_at', 'desc')
      .limit(limit)
      .execute(),
    findMedals(db, { userIds: [userId] }).then((rows) => rows.slice(0, limit)),
    findRewards(db, { userIds: [userId] }, { offset: 0, limit }),
  ]);
  return { certifications, badges, joins, medals, rewards };
}
