import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { familiesView } from '../users/users.views.ts';

/** Certifications as operators see them: people's newest, hiding and showing, counts per day. */

type Db = Kysely<Database>;

/** These people's newest certifications (hidden ones too) with their missions' titles. */
export function findCertificationsOfUsers(db: Db, userIds: readonly number[], limit: number) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('mission_certifications as mc')
    .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
    .select([
      'mc.id',
      'mc.user_id',
      'mi.title',
      'mc.certified_on',
      'mc.content_html',
      'mc.created_at',
      'mc.hidden_at',
      'mc.hidden_reason',
    ])
    .where('mc.user_id', 'in', userIds)
    .orderBy('mc.created_at', 'desc')
    .orderBy('mc.id', 'desc')
    .limit(limit)
    .execute();
}

/** One certification with what its team scores need: the round of its mission. */
export function findCertificationWithRound(db: Db, certificationId: number) {
  return db
    .selectFrom('mission_certifications as mc')
    .innerJoin('missions as mi', 'mi.id', 'mc.mission_id')
    .select([
      'mc.id',
      'mc.user_id',
      'mc.mission_id',
      'mi.sub_challenge_id',
      'mc.certified_on',
      'mc.created_at',
      'mc.hidden_at',
      'mc.hidden_reason',
    ])
    .where('mc.id', '=', certificationId)
    .executeTakeFirst();
}

/**
 * Hides (a reason) or shows (null) a certification; true only when it moved, so two operators
 * racing move it (and its scores) once.
 */
export async function setCertificationHidden(
  db: Db,
  input: { certificationId: number; hidden: { at: string; reason: string } | null },
): Promise<boolean> {
  const result = await db
    .updateTable('mission_certifications')
    .set({ hidden_at: input.hidden?.at ?? null, hidden_reason: input.hidden?.reason ?? null })
    .where('id', '=', input.certificationId)
    .where('hidden_at', input.hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives a hidden certification a new reason (an operator's decision after reports hid it); true
 * only when it was hidden. Nothing counts differently, so no scores move.
 */
export async function setHiddenReason(db: Db, certificationId: number, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('mission_certifications')
    .set({ hidden_reason: reason })
    .where('id', '=', certificationId)
    .where('hidden_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Certifications and active families per Seoul day (`certified_on` is the Seoul day already). */
export async function countCertificationsByDay(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('mission_certifications as mc')
    .innerJoin(familiesView(db).as('u'), 'u.id', 'mc.user_id')
    .select((eb) => [
      'mc.certified_on as day',
      eb.fn.countAll<number>().as('certifications'),
      // A child's family is the parent who made the account; a parent is their own family.
      sql<number>`count(distinct u.family_id)`.as('families'),
    ])
    .where('mc.certified_on', '>=', from)
    .where('mc.certified_on', '<=', to)
    .groupBy('mc.certified_on')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    certifications: Number(row.certifications),
    families: Number(row.families),
  }));
}

/** Distinct families with at least one certification from `from` to `to` (Seoul days, both included). */
export async function countFamiliesCertifying(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('mission_certifications as mc')
    .innerJoin(familiesView(db).as('u'), 'u.id', 'mc.user_id')
    .select(sql<number>`count(distinct u.family_id)`.as('families'))
    .where('mc.certified_on', '>=', from)
    .where('mc.certified_on', '<=', to)
    .executeTakeFirst();
  return Number(row?.families ?? 0);
}
