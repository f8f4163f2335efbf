import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, PhotoReuseFlagsTable, PhotoReuseStatus } from '../../db/schema.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { allCertificationsView, roundMissionsView } from '../missions/missions.views.ts';
import { familiesView, peopleView } from '../users/users.views.ts';

/** Certifications made with a reused photo, and the operator's decision on each (decision 069). */

type Db = Kysely<Database>;

/** Who made these certifications, their family and their day. */
export function findCertificationOwners(db: Db, certificationIds: readonly number[]) {
  if (certificationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(allCertificationsView(db).as('mc'))
    .innerJoin(familiesView(db).as('f'), 'f.id', 'mc.user_id')
    .select(['mc.id', 'mc.user_id', 'mc.certified_on', 'f.family_id'])
    .where('mc.id', 'in', certificationIds)
    .execute();
}

/** A flag once per certification: a second one (a retried event) is left alone. */
export async function insertFlag(db: Db, row: Insertable<PhotoReuseFlagsTable>): Promise<void> {
  await db
    .insertInto('photo_reuse_flags')
    .values(row)
    .onConflict((oc) => oc.column('certification_id').doNothing())
    .execute();
}

/**
 * Flags a certification in the certification's own transaction, unless what it matched was deleted
 * by a transaction committed since it was read (a rolling-restart run saw that as a 500 on the
 * certification): inside a savepoint, so the certification goes on without its flag.
 */
export async function insertFlagUnlessGone(db: Db, row: Insertable<PhotoReuseFlagsTable>): Promise<boolean> {
  await sql`savepoint photo_reuse_flag`.execute(db);
  try {
    await insertFlag(db, row);
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    await sql`rollback to savepoint photo_reuse_flag`.execute(db);
    return false;
  }
  await sql`release savepoint photo_reuse_flag`.execute(db);
  return true;
}

export function findFlag(db: Db, certificationId: number) {
  return db
    .selectFrom('photo_reuse_flags')
    .selectAll()
    .where('certification_id', '=', certificationId)
    .executeTakeFirst();
}

/** A page of flags in one status, oldest first, with both certifications and their authors. */
export async function findFlagPage(
  db: Db,
  input: { status: PhotoReuseStatus; offset: number; limit: number },
) {
  const base = db.selectFrom('photo_reuse_flags as p').where('p.status', '=', input.status);
  const [rows, total] = await Promise.all([
    base
      .innerJoin(allCertificationsView(db).as('mc'), 'mc.id', 'p.certification_id')
      .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
      .innerJoin(peopleView(db).as('u'), 'u.id', 'mc.user_id')
      .innerJoin(allCertificationsView(db).as('mm'), 'mm.id', 'p.matched_certification_id')
      .innerJoin(roundMissionsView(db).as('mmi'), 'mmi.id', 'mm.mission_id')
      .innerJoin(peopleView(db).as('mu'), 'mu.id', 'mm.user_id')
      .select([
        'p.certification_id',
        'p.file_id',
        'p.matched_certification_id',
        'p.matched_file_id',
        'p.distance',
        'p.scope',
        'p.status',
        'p.created_at as flagged_at',
        'p.decided_at',
        'mi.title',
        'mc.user_id',
        'mc.certified_on',
        'mc.content_html',
        'mc.created_at',
        'mc.hidden_at',
        'mc.hidden_reason',
        'u.alias',
        'mmi.title as matched_title',
        'mm.user_id as matched_user_id',
        'mm.certified_on as matched_certified_on',
        'mm.content_html as matched_content_html',
        'mm.created_at as matched_created_at',
        'mm.hidden_at as matched_hidden_at',
        'mm.hidden_reason as matched_hidden_reason',
        'mu.alias as matched_alias',
      ])
      .orderBy('p.created_at')
      .orderBy('p.certification_id')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Records an operator's decision on an OPEN flag; false when it was decided already. */
export async function decideFlag(
  db: Db,
  input: {
    certificationId: number;
    status: PhotoReuseStatus;
    operatorId: number;
    now: string;
    notify: boolean;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('photo_reuse_flags')
    .set({
      status: input.status,
      decided_at: input.now,
      decided_by: input.operatorId,
      ...(input.notify ? { author_notice_at: input.now, author_seen_at: null } : {}),
    })
    .where('certification_id', '=', input.certificationId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The author's voids not acknowledged yet, newest first. */
export function findUnseenVoids(db: Db, authorId: number) {
  return db
    .selectFrom('photo_reuse_flags as p')
    .innerJoin(allCertificationsView(db).as('mc'), 'mc.id', 'p.certification_id')
    .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
    .select(['p.certification_id', 'p.author_notice_at', 'mi.title', 'mc.certified_on', 'mc.hidden_reason'])
    .where('p.author_id', '=', authorId)
    .where('p.author_notice_at', 'is not', null)
    .where('p.author_seen_at', 'is', null)
    .orderBy('p.author_notice_at', 'desc')
    .execute();
}

/** Marks the author's void seen; false when the author has no flagged certification of this id. */
export async function markVoidSeen(db: Db, authorId: number, certificationId: number, now: string) {
  const result = await db
    .updateTable('photo_reuse_flags')
    .set({ author_seen_at: now })
    .where('certification_id', '=', certificationId)
    .where('author_id', '=', authorId)
    .where('author_notice_at', 'is not', null)
    .where('author_seen_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return true;
  const row = await db
    .selectFrom('photo_reuse_flags')
    .select('certification_id')
    .where('certification_id', '=', certificationId)
    .where('author_id', '=', authorId)
    .where('author_notice_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
