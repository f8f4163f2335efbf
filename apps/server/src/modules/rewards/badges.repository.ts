import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { BadgeKindColumn, Database } from '../../db/schema.ts';
import { countedCertifications } from '../missions/missions.views.ts';
import { teamInvitationsView, teamMembersView, teamsView } from '../teams/teams.views.ts';
import { peopleView } from '../users/users.views.ts';

type Db = Kysely<Database>;

/** A rule as the app shows it (the console adds `active`). */
export const ruleColumns = [
  'r.id',
  'r.kind',
  'r.threshold',
  'r.name',
  'r.description',
  'r.emoji',
  'r.image_url',
  'r.sort',
] as const;

export async function findRules(db: Db, kinds?: readonly BadgeKindColumn[]) {
  let query = db
    .selectFrom('badge_rules as r')
    .select(ruleColumns)
    .where('r.active', '=', 1)
    .orderBy('r.sort')
    .orderBy('r.id');
  if (kinds) query = query.where('r.kind', 'in', kinds);
  return query.execute();
}
export type BadgeRuleRow = Awaited<ReturnType<typeof findRules>>[number];

/** Grants badges; one already achieved stays as it was (the primary key). Answers how many are new. */
export async function insertUserBadges(db: Db, userId: number, badgeIds: readonly number[], at: string) {
  if (badgeIds.length === 0) return 0;
  const result = await db
    .insertInto('user_badges')
    .values(
      badgeIds.map((badgeId) => ({ user_id: userId, badge_id: badgeId, achieved_at: at, seen_at: null })),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A person's achieved badges, newest first. */
export async function findUserBadges(
  db: Db,
  userId: number,
  filter: { unseen?: boolean; badgeIds?: readonly number[] } = {},
) {
  let query = db
    .selectFrom('user_badges as ub')
    .innerJoin('badge_rules as r', 'r.id', 'ub.badge_id')
    .select([...ruleColumns, 'ub.achieved_at', 'ub.seen_at'])
    .where('ub.user_id', '=', userId)
    .orderBy('ub.achieved_at', 'desc')
    .orderBy('r.sort', 'desc');
  if (filter.unseen) query = query.where('ub.seen_at', 'is', null);
  if (filter.badgeIds) query = query.where('ub.badge_id', 'in', [...filter.badgeIds, -1]);
  return query.execute();
}
export type UserBadgeRow = Awaited<ReturnType<typeof findUserBadges>>[number];

/**
 * Marks every unseen badge of the person seen and answers the ones this call marked: one statement,
 * so of concurrent calls each badge goes to exactly one (PostgreSQL re-checks `seen_at IS NULL` on a
 * row another transaction just changed; SQLite runs one write at a time).
 */
export async function claimUnseenBadges(db: Db, userId: number, at: string): Promise<number[]> {
  const rows = await db
    .updateTable('user_badges')
    .set({ seen_at: at })
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .returning('badge_id')
    .execute();
  return rows.map((row) => row.badge_id);
}

export async function markBadgesSeen(db: Db, userId: number, badgeIds: readonly number[], at: string) {
  if (badgeIds.length === 0) return;
  await db
    .updateTable('user_badges')
    .set({ seen_at: at })
    .where('user_id', '=', userId)
    .where('badge_id', 'in', badgeIds)
    .where('seen_at', 'is', null)
    .execute();
}

export async function countCertifications(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom(countedCertifications(db).as('mc'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mc.user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The Seoul days a person certified on, each once (the (user, day) index). */
export async function findCertifiedDays(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom(countedCertifications(db).as('mc'))
    .select('mc.certified_on')
    .distinct()
    .where('mc.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.certified_on);
}

export async function countTeamsJoined(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom(teamMembersView(db).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Families the person brought into a team: other families in teams they manage (invite links are
 * the manager's) and accepted direct invitations they sent, each team and family once.
 */
export async function countInvitesAccepted(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom(familiesBroughtBy(db, [userId]).as('brought'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Each (team, family) the people named brought in, once, by their team's link or an accepted
 * invitation — read through the teams module's views (one query for one person and for a batch).
 */
function familiesBroughtBy(db: Db, ids: number[] | ReturnType<typeof candidateIds>) {
  const byLink = db
    .selectFrom(teamMembersView(db).as('m'))
    .innerJoin(teamsView(db).as('t'), 't.id', 'm.team_id')
    .select(['t.manager_user_id as user_id', 'm.team_id', 'm.family_user_id as family'])
    .whereRef('m.family_user_id', '<>', 't.manager_user_id')
    .where('t.manager_user_id', 'in', ids);
  const byInvitation = db
    .selectFrom(teamInvitationsView(db).as('i'))
    .select(['i.inviter_user_id as user_id', 'i.team_id', 'i.invitee_user_id as family'])
    .where('i.status', '=', 'ACCEPTED')
    .where('i.inviter_user_id', 'in', ids)
    .$narrowType<{ user_id: number }>();
  return byLink.union(byInvitation);
}

/** Rounds the person completed: each completed round gave them its badges reward. */
export async function countCompletedRounds(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('rewards')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'BADGES')
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/* Set-based evaluation (decision 052): every rule of a kind, for many people, in one statement. */

/** Who a batch evaluation is about: people by id, or everyone a round's close gave its badges reward. */
export type BadgeCandidates = { userIds: readonly number[] } | { rewardedInRound: number };

/** The candidates' ids (a subquery): the people named, or the round's badges-reward holders. */
function candidateIds(db: Db, candidates: BadgeCandidates) {
  const people = peopleView(db).clearSelect().select('id');
  if ('userIds' in candidates) return people.where('id', 'in', [...candidates.userIds, -1]);
  return people.where(
    'id',
    'in',
    db
      .selectFrom('rewards')
      .select('user_id')
      .where('sub_challenge_id', '=', candidates.rewardedInRound)
      .where('kind', '=', 'BADGES'),
  );
}

/** A Seoul day `YYYY-MM-DD` as a day number: consecutive days are consecutive numbers. */
function dayNumber(db: Db, column: string) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number>`(${sql.ref(column)}::date - date '2000-01-01')`
    : sql<number>`cast(julianday(${sql.ref(column)}) as integer)`;
}

/**
 * Per candidate with any, the number a rule of `kind` compares its threshold with — the same
 * numbers as the per-person counts above (`countCertifications`, `streakOf(…).longest`,
 * `countTeamsJoined`, `countInvitesAccepted`, `countCompletedRounds`), grouped by person.
 */
function progressOfMany(db: Db, kind: BadgeKindColumn, candidates: BadgeCandidates) {
  const ids = candidateIds(db, candidates);
  switch (kind) {
    case 'FIRST_CERTIFICATION':
    case 'CERTIFICATION_COUNT':
      return db
        .selectFrom(countedCertifications(db).as('mc'))
        .select((eb) => ['mc.user_id', eb.fn.countAll<number>().as('progress')])
        .where('mc.user_id', 'in', ids)
        .groupBy('mc.user_id');
    case 'STREAK': {
      // Gaps and islands: over a person's distinct days in order, day number − position is the
      // same along a run of consecutive days; the longest run is the largest such group.
      const days = db
        .selectFrom(countedCertifications(db).as('mc'))
        .select(['mc.user_id', 'mc.certified_on'])
        .distinct()
        .where('mc.user_id', 'in', ids);
      const islands = db
        .selectFrom(days.as('d'))
        .select((eb) => [
          'd.user_id',
          sql<number>`${dayNumber(db, 'd.certified_on')} - ${eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('d.user_id').orderBy('d.certified_on'))}`.as('island'),
        ]);
      const runs = db
        .selectFrom(islands.as('i'))
        .select((eb) => ['i.user_id', eb.fn.countAll<number>().as('run')])
        .groupBy(['i.user_id', 'i.island']);
      return db
        .selectFrom(runs.as('r'))
        .select((eb) => ['r.user_id', eb.fn.max<number>('r.run').as('progress')])
        .groupBy('r.user_id');
    }
    case 'FIRST_TEAM':
      return db
        .selectFrom(teamMembersView(db).as('m'))
        .select((eb) => ['m.user_id', eb.fn.countAll<number>().as('progress')])
        .where('m.user_id', 'in', ids)
        .groupBy('m.user_id');
    case 'FIRST_INVITE_ACCEPTED': {
      return db
        .selectFrom(familiesBroughtBy(db, ids).as('brought'))
        .select((eb) => ['brought.user_id', eb.fn.countAll<number>().as('progress')])
        .groupBy('brought.user_id');
    }
    case 'CHALLENGE_COMPLETED':
      return db
        .selectFrom('rewards')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('progress')])
        .where('kind', '=', 'BADGES')
        .where('status', '<>', 'CANCELLED')
        .where('user_id', 'in', ids)
        .groupBy('user_id');
  }
}

/**
 * Grants every active rule of `kind` each candidate reaches (progress ≥ threshold), in one
 * statement; a badge already held stays as it was (the primary key). Answers how many are new.
 * A candidate with no rows has progress 0: granted only a rule whose threshold is 0 or less.
 */
export async function insertReachedBadges(
  db: Db,
  kind: BadgeKindColumn,
  candidates: BadgeCandidates,
  at: string,
): Promise<number> {
  const reached = db
    .selectFrom(candidateIds(db, candidates).as('c'))
    .leftJoin(progressOfMany(db, kind, candidates).as('p'), 'p.user_id', 'c.id')
    .innerJoin('badge_rules as r', (join) =>
      join
        .on('r.kind', '=', kind)
        .on('r.active', '=', 1)
        .on((eb) => eb(eb.fn.coalesce('p.progress', sql<number>`0`), '>=', eb.ref('r.threshold'))),
    )
    .select((eb) => [
      'c.id as user_id',
      'r.id as badge_id',
      eb.val(at).as('achieved_at'),
      sql<string | null>`null`.as('seen_at'),
    ])
    // SQLite reads `on conflict` after a join as the join's: a where clause ends the select.
    .where(sql<boolean>`1 = 1`);
  const result = await db
    .insertInto('user_badges')
    .columns(['user_id', 'badge_id', 'achieved_at', 'seen_at'])
    .expression(reached)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
