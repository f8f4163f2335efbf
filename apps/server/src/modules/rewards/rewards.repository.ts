import type { Kysely } from 'kysely';
import type { Database, MedalColumn, RewardKindColumn, RewardsTable } from '../../db/schema.ts';
import { allCertificationsView, roundMissionsView } from '../missions/missions.views.ts';
import { challengesView, roundsView, teamMembersView, teamsView } from '../teams/teams.views.ts';
import { peopleView } from '../users/users.views.ts';

type Db = Kysely<Database>;

const BATCH = 500;

export interface NewMedal {
  awardKey: string;
  subChallengeId: number;
  teamId: number;
  userId: number | null;
  scope: 'TEAM' | 'MEMBER';
  medal: MedalColumn;
  rank: number;
  at: string;
}

/** Medals once: a row already granted (its `award_key`) stays as it was. */
export async function insertMedals(db: Db, medals: readonly NewMedal[]) {
  for (let index = 0; index < medals.length; index += BATCH) {
    await db
      .insertInto('medals')
      .values(
        medals.slice(index, index + BATCH).map((row) => ({
          award_key: row.awardKey,
          sub_challenge_id: row.subChallengeId,
          team_id: row.teamId,
          user_id: row.userId,
          scope: row.scope,
          medal: row.medal,
          rank: row.rank,
          granted_at: row.at,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export type NewReward = Omit<RewardsTable, 'id' | 'settled_at' | 'payout_ref' | 'cancel_reason'>;

/** Rewards once per round, person and kind (the unique key). */
export async function insertRewards(db: Db, rewards: readonly NewReward[]) {
  for (let index = 0; index < rewards.length; index += BATCH) {
    await db
      .insertInto('rewards')
      .values(rewards.slice(index, index + BATCH).map((row) => ({ ...row, settled_at: null })))
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

/** Totals per kind and unit, cancelled ones left out. */
export async function sumRewards(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('rewards')
    .select((eb) => [
      'kind',
      'unit',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.countAll<number>().as('count'),
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
