import { sql, type Kysely } from 'kysely';
import type {
  CertificationReportsTable,
  Database,
  ReportAuthorNotice,
  ReportCaseStatus,
} from '../../db/schema.ts';
import {
  allCertificationsView,
  countedCertifications,
  roundMissionsView,
  shareDaysView,
} from '../missions/missions.views.ts';
import { teamMembersView } from '../teams/teams.views.ts';
import { familiesView, peopleView } from '../users/users.views.ts';

/** Reports of certifications and the moderation cases they open (decision 045). */

type Db = Kysely<Database>;

/** A certification others may still see (not hidden), with its author's family. */
export function findReportable(db: Db, certificationId: number) {
  return db
    .selectFrom(countedCertifications(db).as('mc'))
    .innerJoin(familiesView(db).as('f'), 'f.id', 'mc.user_id')
    .select(['mc.id', 'mc.user_id', 'mc.certified_on', 'f.family_id'])
    .where('mc.id', '=', certificationId)
    .executeTakeFirst();
}

export async function findFamilyOf(db: Db, userId: number): Promise<number | undefined> {
  const row = await familiesView(db).where('id', '=', userId).executeTakeFirst();
  return row ? Number(row.family_id) : undefined;
}

/** The share link names this person's day. */
export async function isSharedDay(db: Db, uuid: string, userId: number, day: string): Promise<boolean> {
  const row = await shareDaysView(db)
    .where('uuid', '=', uuid)
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a reporter's family is trusted (decision 068): its parent passed the membership check and
 * the reporter shares a team with the author, or the family certified on `days` different days.
 */
export async function isTrustedReporter(
  db: Db,
  input: { reporterId: number; familyId: number; authorId: number; days: number },
): Promise<boolean> {
  const parent = await peopleView(db).where('id', '=', input.familyId).executeTakeFirst();
  if (parent?.pin_verified_at && (await areTeammates(db, input.reporterId, input.authorId))) return true;
  const row = await db
    .selectFrom(countedCertifications(db).as('mc'))
    .innerJoin(familiesView(db).as('f'), 'f.id', 'mc.user_id')
    .select(sql<number>`count(distinct mc.certified_on)`.as('days'))
    .where('f.family_id', '=', input.familyId)
    .executeTakeFirst();
  return Number(row?.days ?? 0) >= input.days;
}

/** When the person's account was made. */
export async function findAccountCreatedAt(db: Db, userId: number): Promise<string | undefined> {
  const row = await peopleView(db).where('id', '=', userId).executeTakeFirst();
  return row?.created_at;
}

/** The two people are members of one team (either sees the other's certifications there). */
export async function areTeammates(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom(teamMembersView(db).as('m1'))
    .innerJoin(teamMembersView(db).as('m2'), 'm2.team_id', 'm1.team_id')
    .select('m1.team_id')
    .where('m1.user_id', '=', a)
    .where('m2.user_id', '=', b)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Opens the certification's case or counts one more report on it, reopening a dismissed one. The
 * write takes the case row's lock on PostgreSQL, so reports of one certification take turns.
 */
export function upsertCase(db: Db, input: { certificationId: number; authorId: number; now: string }) {
  return db
    .insertInto('certification_report_cases')
    .values({
      certification_id: input.certificationId,
      author_id: input.authorId,
      status: 'OPEN',
      report_count: 1,
      first_reported_at: input.now,
      last_reported_at: input.now,
    })
    .onConflict((oc) =>
      oc.column('certification_id').doUpdateSet({
        report_count: sql<number>`certification_report_cases.report_count + 1`,
        last_reported_at: input.now,
        status: 'OPEN',
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function hasReported(db: Db, certificationId: number, reporterId: number): Promise<boolean> {
  const row = await db
    .selectFrom('certification_reports')
    .select('id')
    .where('certification_id', '=', certificationId)
    .where('reporter_id', '=', reporterId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReport(db: Db, row: Omit<CertificationReportsTable, 'id'>): Promise<void> {
  await db.insertInto('certification_reports').values(row).execute();
}

/** The different trusted families that reported it (decision 068): only they may hide it. */
export async function countReportingFamilies(db: Db, certificationId: number): Promise<number> {
  const row = await db
    .selectFrom('certification_reports')
    .select(sql<number>`count(distinct reporter_family_id)`.as('families'))
    .where('certification_id', '=', certificationId)
    .where('trusted', '=', 1)
    .executeTakeFirst();
  return Number(row?.families ?? 0);
}

/** Marks the case hidden by reports (once) and tells its author it is under review. */
export async function markAutoHidden(db: Db, certificationId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('certification_report_cases')
    .set({
      auto_hidden_at: now,
      author_notice: 'UNDER_REVIEW',
      author_notice_at: now,
      author_seen_at: null,
    })
    .where('certification_id', '=', certificationId)
    .where('auto_hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findCase(db: Db, certificationId: number) {
  return db
    .selectFrom('certification_report_cases')
    .selectAll()
    .where('certification_id', '=', certificationId)
    .executeTakeFirst();
}

/** An operator's decision on an OPEN case; false when it was decided already. */
export async function decideCase(
  db: Db,
  input: {
    certificationId: number;
    status: ReportCaseStatus;
    operatorId: number;
    now: string;
    notice: ReportAuthorNotice | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('certification_report_cases')
    .set({
      status: input.status,
      decided_at: input.now,
      decided_by: input.operatorId,
      ...(input.notice
        ? { author_notice: input.notice, author_notice_at: input.now, author_seen_at: null }
        : {}),
    })
    .where('certification_id', '=', input.certificationId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A page of cases in one status, the oldest first report first, with their certifications. */
export async function findCasePage(
  db: Db,
  input: { status: ReportCaseStatus; offset: number; limit: number },
) {
  const base = db.selectFrom('certification_report_cases as c').where('c.status', '=', input.status);
  const [rows, total] = await Promise.all([
    base
      .innerJoin(allCertificationsView(db).as('mc'), 'mc.id', 'c.certification_id')
      .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
      .innerJoin(peopleView(db).as('u'), 'u.id', 'c.author_id')
      .innerJoin(familiesView(db).as('f'), 'f.id', 'c.author_id')
      .innerJoin(peopleView(db).as('fp'), 'fp.id', 'f.family_id')
      .select([
        'c.certification_id',
        'c.author_id',
        'c.status',
        'c.auto_hidden_at',
        'c.decided_at',
        'c.first_reported_at',
        'mi.title',
        'mc.certified_on',
        'mc.content_html',
        'mc.created_at',
        'mc.hidden_at',
        'mc.hidden_reason',
        'u.alias',
        'f.family_id',
        'fp.suspended_at',
      ])
      .orderBy('c.first_reported_at')
      .orderBy('c.certification_id')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** The reports of these certifications, oldest first, with each reporter's alias. */
export function findReportsOf(db: Db, certificationIds: readonly number[]) {
  if (certificationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('certification_reports as r')
    .innerJoin(peopleView(db).as('u'), 'u.id', 'r.reporter_id')
    .select(['r.certification_id', 'r.reporter_family_id', 'r.reason', 'r.note', 'r.created_at', 'u.alias'])
    .where('r.certification_id', 'in', certificationIds)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/** Per author: how many of their certifications were reported, and how many are hidden. */
export async function findAuthorHistory(db: Db, authorIds: readonly number[]) {
  if (authorIds.length === 0) return new Map<number, { reported: number; hidden: number }>();
  const [reported, hidden] = await Promise.all([
    db
      .selectFrom('certification_report_cases')
      .select(['author_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('author_id', 'in', authorIds)
      .groupBy('author_id')
      .execute(),
    db
      .selectFrom(allCertificationsView(db).as('mc'))
      .select(['mc.user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('mc.user_id', 'in', authorIds)
      .where('mc.hidden_at', 'is not', null)
      .groupBy('mc.user_id')
      .execute(),
  ]);
  const history = new Map(authorIds.map((id) => [id, { reported: 0, hidden: 0 }]));
  for (const row of reported) history.get(row.author_id)!.reported = Number(row.n);
  for (const row of hidden) history.get(row.user_id)!.hidden = Number(row.n);
  return history;
}

/** The author's outcomes not acknowledged yet, newest first. */
export function findUnseenNotices(db: Db, authorId: number) {
  return db
    .selectFrom('certification_report_cases as c')
    .innerJoin(allCertificationsView(db).as('mc'), 'mc.id', 'c.certification_id')
    .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
    .select([
      'c.certification_id',
      'c.author_notice',
      'c.author_notice_at',
      'mi.title',
      'mc.certified_on',
      'mc.hidden_reason',
    ])
    .where('c.author_id', '=', authorId)
    .where('c.author_notice', 'is not', null)
    .where('c.author_seen_at', 'is', null)
    .orderBy('c.author_notice_at', 'desc')
    .execute();
}

/** Marks the author's notice seen; false when the author has no case of this certification. */
export async function markNoticeSeen(
  db: Db,
  authorId: number,
  certificationId: number,
  now: string,
): Promise<boolean> {
  const kase = await db
    .selectFrom('certification_report_cases')
    .select(['author_seen_at'])
    .where('certification_id', '=', certificationId)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  if (!kase) return false;
  if (kase.author_seen_at === null) {
    await db
      .updateTable('certification_report_cases')
      .set({ author_seen_at: now })
      .where('certification_id', '=', certificationId)
      .where('author_id', '=', authorId)
      .where('author_seen_at', 'is', null)
      .execute();
  }
  return true;
}
