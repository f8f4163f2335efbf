import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { roundMissionsView } from '../missions/missions.views.ts';
import { peopleView } from '../users/users.views.ts';

/** Reads of rounds, teams and members. Writes are in team-writes.repository.ts. */

type Db = Kysely<Database>;

/** Every round with its challenge (a small table: operators make a few a month). */
export async function findRounds(db: Db, filter: { subChallengeId?: number } = {}) {
  let query = db
    .selectFrom('sub_challenges as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select([
      's.id',
      's.challenge_id',
      's.round',
      's.title',
      's.recruit_start',
      's.recruit_end',
      's.start_date',
      's.end_date',
      's.max_user',
      's.reward_threshold_pct',
      's.paid_reward_amount',
      's.paid_reward_unit',
      's.paid_reward_item',
      's.traffic_reward_mb',
      'c.challenge_type',
      'c.title as challenge_title',
      'c.description as challenge_description',
    ])
    .orderBy('c.challenge_type', 'asc')
    .orderBy('s.start_date', 'asc')
    .orderBy('s.id', 'asc');
  if (filter.subChallengeId !== undefined) query = query.where('s.id', '=', filter.subChallengeId);
  return query.execute();
}
export type RoundRow = Awaited<ReturnType<typeof findRounds>>[number];

export async function findMissionsOfRounds(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return [];
  return db
    .selectFrom(roundMissionsView(db).as('mi'))
    .select(['id', 'sub_challenge_id', 'title', 'description', 'icon', 'proof_type', 'sort'])
    .where('sub_challenge_id', 'in', subChallengeIds)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

// Every team page reads its round's missions: compiled once (db/prepared-query.ts).
const missionsOfRoundRows = preparedQuery((db, values: { subChallengeId: number }) =>
  db
    .selectFrom(roundMissionsView(db).as('mi'))
    .select(['id', 'sub_challenge_id', 'title', 'description', 'icon', 'proof_type', 'sort'])
    .where('sub_challenge_id', '=', values.subChallengeId)
    .orderBy('sort')
    .orderBy('id'),
);

/** One round's missions, in their order (as `findMissionsOfRounds` of that round). */
export async function findMissionsOfRound(db: Db, subChallengeId: number) {
  return missionsOfRoundRows(db, { subChallengeId });
}

/** Teams and people per round. */
export async function countTeamsByRound(db: Db) {
  return db
    .selectFrom('teams')
    .select((eb) => [
      'sub_challenge_id',
      eb.fn.countAll<number>().as('teams'),
      eb.fn.sum<number>('member_count').as('members'),
    ])
    .groupBy('sub_challenge_id')
    .execute();
}

const teamColumns = [
  't.id',
  't.public_id',
  't.sub_challenge_id',
  't.name',
  't.description',
  't.emoji',
  't.manager_user_id',
  't.recruiting_open',
  't.allow_member_invite',
  't.member_count',
  't.reserved_seats',
  't.created_at',
  's.challenge_id',
  's.title as round_title',
  's.round as round_no',
  's.recruit_start',
  's.recruit_end',
  's.start_date',
  's.end_date',
  's.max_user',
  'c.challenge_type',
  'c.title as challenge_title',
  'u.alias as manager_alias',
] as const;

function teamsQuery(db: Db) {
  return (
    db
      .selectFrom('teams as t')
      .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .innerJoin(peopleView(db).as('u'), 'u.id', 't.manager_user_id')
      .select(teamColumns)
      // How many missions the round has (what "possible" is counted in): the ranking needs no more.
      .select((eb) =>
        eb
          .selectFrom(roundMissionsView(db).as('mi'))
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('mi.sub_challenge_id', '=', 't.sub_challenge_id')
          .as('mission_count'),
      )
  );
}

// Every team page reads its team: compiled once.
const teamRows = preparedQuery((db, values: { teamId: number }) =>
  teamsQuery(db).where('t.id', '=', values.teamId),
);

export async function findTeam(db: Db, teamId: number) {
  const [row] = await teamRows(db, { teamId });
  return row;
}
export type TeamRow = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

/** The team a link or a front call names by its public id (decision 022). */
export async function findTeamByPublicId(db: Db, publicId: string) {
  return teamsQuery(db).where('t.public_id', '=', publicId).executeTakeFirst();
}

/** The numeric key of the team with this public id: the one conversion at the boundary. */
export async function findTeamKey(db: Db, publicId: string): Promise<number | undefined> {
  const row = await db.selectFrom('teams').select('id').where('public_id', '=', publicId).executeTakeFirst();
  return row?.id;
}

/** Public ids of teams by their keys, for answers that name teams read elsewhere. */
export async function findTeamPublicIds(db: Db, teamIds: readonly number[]): Promise<Map<number, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'public_id'])
    .where('id', 'in', [...new Set(teamIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.public_id]));
}

/** Teams of a round (or of all rounds), for team rankings and the open-team list. */
export async function findTeamsOfRounds(db: Db, subChallengeIds: readonly number[]) {
  if (subChallengeIds.length === 0) return [];
  return teamsQuery(db).where('t.sub_challenge_id', 'in', subChallengeIds).orderBy('t.id').execute();
}

// Every team call checks the caller's membership first: compiled once.
const membershipRows = preparedQuery((db, values: { publicId: string; userId: number }) =>
  teamsQuery(db)
    .innerJoin('team_members as m', 'm.team_id', 't.id')
    .select(['m.id as team_mbr_id', 'm.user_id', 'm.role'])
    .where('t.public_id', '=', values.publicId)
    .where('m.user_id', '=', values.userId),
);

/**
 * A person's membership of the team with this public id (the team access check), with the team
 * row itself: the page that asked reads it next, from this one query.
 */
export async function findMembershipByPublicId(db: Db, publicId: string, userId: number) {
  const [row] = await membershipRows(db, { publicId, userId });
  if (!row) return undefined;
  const { team_mbr_id: id, user_id, role, ...team } = row;
  return { membership: { id, team_id: team.id, user_id, role }, team };
}

/** A person's membership of a team. */
export async function findMembership(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('sub_challenges as s', 's.id', 'm.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select(['m.id', 'm.team_id', 'm.user_id', 'm.role', 'm.sub_challenge_id', 'c.challenge_type'])
    .where('m.team_id', '=', teamId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** The caller's memberships with their teams, and whether they starred each. */
export async function findTeamsOfUser(db: Db, userId: number) {
  return teamsQuery(db)
    .innerJoin('team_members as m', (join) =>
      join.onRef('m.team_id', '=', 't.id').on('m.user_id', '=', userId),
    )
    .leftJoin('team_favorites as f', (join) =>
      join.onRef('f.team_id', '=', 't.id').on('f.user_id', '=', userId),
    )
    .select([
      'm.id as team_mbr_id',
      'm.role',
      'm.reward_notice_display_yn',
      'm.joined_at',
      'f.team_id as favorite_team_id',
    ])
    .orderBy('t.id', 'desc')
    .execute();
}

/** The team a person holds in a slot (`always`, or `challenge:<round>`). */
export async function findSlotMembership(db: Db, userId: number, slotKey: string) {
  return db
    .selectFrom('team_members')
    .select(['id', 'team_id'])
    .where('user_id', '=', userId)
    .where('slot_key', '=', slotKey)
    .executeTakeFirst();
}

/** A person's always team, and their challenge team in a round (or in any round). */
export async function findSlotsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('team_members')
    .select(['team_id', 'slot_key', 'sub_challenge_id'])
    .where('user_id', '=', userId)
    .execute();
}

/** What every member list reads of a member. */
export const memberColumns = [
  'm.id',
  'm.user_id',
  'm.family_user_id',
  'm.role',
  'm.joined_at',
  'm.reward_notice_display_yn',
  'm.cert_count',
  'm.last_cert_at',
  'u.alias',
  'u.user_type',
] as const;

// Every team page lists its members: compiled once.
const memberRows = preparedQuery((db, values: { teamId: number }) =>
  db
    .selectFrom('team_members as m')
    .innerJoin(peopleView(db).as('u'), 'u.id', 'm.user_id')
    .select(memberColumns)
    .where('m.team_id', '=', values.teamId)
    .orderBy('m.joined_at')
    .orderBy('m.id'),
);

/** A team's members in join order, with their kept scores. */
export async function findMembers(db: Db, teamId: number) {
  return memberRows(db, { teamId });
}
export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

export async function findUser(db: Db, userId: number) {
  return db
    .selectFrom(peopleView(db).as('u'))
    .select(['id', 'user_type', 'parent_user_id', 'alias', 'status', 'pin_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findChildrenOf(db: Db, parentId: number) {
  return db
    .selectFrom(peopleView(db).as('u'))
    .select(['id', 'alias'])
    .where('parent_user_id', '=', parentId)
    .where('user_type', '=', 'CHILD')
    .where('status', '=', 'USER')
    .orderBy('id')
    .execute();
}

/** Whether two people have been in one team together (direct invitations go only to them). */
export async function haveSharedTeam(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_members as x')
    .innerJoin('team_members as y', 'y.team_id', 'x.team_id')
    .select(sql<number>`1`.as('one'))
    .where('x.user_id', '=', a)
    .where('y.user_id', '=', b)
    .executeTakeFirst();
  return row !== undefined;
}

const invitationColumns = [
  'i.id',
  'i.team_id',
  'i.status',
  'i.created_at',
  'i.expires_at',
  'i.invitee_user_id',
  't.public_id as team_public_id',
  't.name as team_name',
  't.emoji as team_emoji',
  't.sub_challenge_id',
  's.challenge_id',
  's.title as round_title',
  'c.challenge_type',
  'i.inviter_user_id',
  'inviter.alias as inviter_alias',
  'invitee.alias as invitee_alias',
] as const;

export async function findInvitations(
  db: Db,
  filter: {
    teamId?: number;
    inviteeId?: number;
    invitationId?: number;
    pendingAfter?: string;
    /** Only invitations the invitee can still act on: not into a round (or, always teams, the always slot) where they already have a team. */
    stillOpenToInvitee?: boolean;
  },
) {
  let query = db
    .selectFrom('team_invitations as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .innerJoin(peopleView(db).as('invitee'), 'invitee.id', 'i.invitee_user_id')
    .leftJoin(peopleView(db).as('inviter'), 'inviter.id', 'i.inviter_user_id')
    .select(invitationColumns)
    .orderBy('i.id', 'desc');
  if (filter.teamId !== undefined) query = query.where('i.team_id', '=', filter.teamId);
  if (filter.inviteeId !== undefined) query = query.where('i.invitee_user_id', '=', filter.inviteeId);
  if (filter.invitationId !== undefined) query = query.where('i.id', '=', filter.invitationId);
  if (filter.pendingAfter !== undefined) {
    query = query.where('i.status', '=', 'PENDING').where('i.expires_at', '>', filter.pendingAfter);
  }
  if (filter.stillOpenToInvitee) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('team_members as held')
            .select('held.id')
            .whereRef('held.user_id', '=', 'i.invitee_user_id')
            .where((held) =>
              held.or([
                held('held.sub_challenge_id', '=', held.ref('t.sub_challenge_id')),
                held.and([held('c.challenge_type', '=', 'always'), held('held.slot_key', '=', 'always')]),
              ]),
            ),
        ),
      ),
    );
  }
  return query.limit(100).execute();
}
export type InvitationRow = Awaited<ReturnType<typeof findInvitations>>[number];

/** The person's most recent other team of the same challenge (the previous round) or, for always teams, any. */
export async function findPreviousTeam(
  db: Db,
  input: { userId: number; excludeTeamId: number; challengeId: number | null; startBefore: string | null },
) {
  let query = db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select(['t.id', 't.public_id', 't.name', 's.title as round_title'])
    .where('m.user_id', '=', input.userId)
    .where('t.id', '!=', input.excludeTeamId)
    .where('c.challenge_type', '=', 'challenge')
    .orderBy('s.start_date', 'desc')
    .orderBy('t.id', 'desc');
  if (input.challengeId !== null) query = query.where('s.challenge_id', '=', input.challengeId);
  if (input.startBefore !== null) query = query.where('s.start_date', '<', input.startBefore);
  return query.executeTakeFirst();
}
