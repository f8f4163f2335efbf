import { sql, type Kysely } from 'kysely';
import type { BadgeKindColumn, Database } from '../../db/schema.ts';
import { countedCertifications } from '../missions/missions.views.ts';
import { teamMembersView } from '../teams/teams.views.ts';

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
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select m.team_id, m.family_user_id as family from team_members m
        join teams t on t.id = m.team_id
        where t.manager_user_id = ${userId} and m.family_user_id <> ${userId}
      union
      select i.team_id, i.invitee_user_id as family from team_invitations i
        where i.inviter_user_id = ${userId} and i.status = 'ACCEPTED'
    ) brought`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
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
