import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { allCertificationsView, countedCertifications } from './missions.views.ts';
import { challengesView, roundsView, teamMembersView } from '../teams/teams.views.ts';
import { peopleView } from '../users/users.views.ts';

/** Missions of the sub-challenges the person takes part in (through their teams) that run on `day`. */
// /home's list, read on every visit: compiled once (db/prepared-query.ts).
const dayMissionRows = preparedQuery((db, values: { userId: number; day: string }) =>
  db
    .selectFrom(teamMembersView(db).as('p'))
    .innerJoin(roundsView(db).as('s'), 's.id', 'p.sub_challenge_id')
    .innerJoin(challengesView(db).as('c'), 'c.id', 's.challenge_id')
    .innerJoin('missions as m', 'm.sub_challenge_id', 's.id')
    .leftJoin('mission_certifications as mc', (join) =>
      join
        .onRef('mc.mission_id', '=', 'm.id')
        .on('mc.user_id', '=', values.userId)
        .on('mc.certified_on', '=', values.day),
    )
    .select([
      'm.id as missionId',
      's.id as subChallengeId',
      'c.id as challengeId',
      'c.challenge_type as challengeType',
      'c.title as challengeTitle',
      'm.title',
      'm.description',
      'm.icon',
      'm.proof_type as proofType',
      'm.text_placeholder as textPlaceholder',
      'mc.id as certificationId',
      'mc.hidden_at as hiddenAt',
    ])
    .where('p.user_id', '=', values.userId)
    .where('s.start_date', '<=', values.day)
    .where((eb) => eb.or([eb('s.end_date', 'is', null), eb('s.end_date', '>=', values.day)]))
    .orderBy('c.challenge_type', 'desc')
    .orderBy('m.sort'),
);

export function findDayMissions(db: Kysely<Database>, userId: number, day: string) {
  return dayMissionRows(db, { userId, day });
}

export async function findCertificationRows(
  db: Kysely<Database>,
  filter: {
    userId: number;
    day?: string;
    challengeId?: number;
    certificationId?: number;
    /** Days of a range, inclusive, and the missions of one round. */
    from?: string;
    to?: string;
    subChallengeId?: number;
    /** Only the author's own views show what an operator hid (with the reason). */
    includeHidden?: boolean;
  },
  page?: { offset: number; limit: number },
) {
  // Only the author sees what an operator hid; everyone else reads the certifications that count.
  const certifications = filter.includeHidden ? allCertificationsView(db) : countedCertifications(db);
  let query = db
    .selectFrom(certifications.as('mc'))
    .innerJoin('missions as m', 'm.id', 'mc.mission_id')
    .innerJoin(roundsView(db).as('s'), 's.id', 'm.sub_challenge_id')
    .innerJoin(challengesView(db).as('c'), 'c.id', 's.challenge_id')
    .select([
      'mc.id',
      'mc.user_id',
      'mc.mission_id',
      'mc.certified_on',
      'mc.content_html',
      'mc.created_at',
      'mc.hidden_reason',
      'm.title as mission_title',
      'm.icon',
      'm.sub_challenge_id',
      'c.challenge_type',
    ])
    .where('mc.user_id', '=', filter.userId);
  if (filter.day) query = query.where('mc.certified_on', '=', filter.day);
  if (filter.challengeId !== undefined) query = query.where('c.id', '=', filter.challengeId);
  if (filter.certificationId !== undefined) query = query.where('mc.id', '=', filter.certificationId);
  if (filter.from !== undefined) query = query.where('mc.certified_on', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('mc.certified_on', '<=', filter.to);
  if (filter.subChallengeId !== undefined) query = query.where('s.id', '=', filter.subChallengeId);
  query = query.orderBy('mc.certified_on', 'desc').orderBy('mc.id', 'desc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}
export type CertificationRow = Awaited<ReturnType<typeof findCertificationRows>>[number];

/** Certifications per day of a month (days as `YYYY-MM-DD` strings compare as text). */
export async function countCertificationsPerDay(
  db: Kysely<Database>,
  userId: number,
  from: string,
  to: string,
) {
  return db
    .selectFrom(countedCertifications(db).as('mc'))
    .select(['mc.certified_on', (eb) => eb.fn.countAll<number>().as('count')])
    .where('mc.user_id', '=', userId)
    .where('mc.certified_on', '>=', from)
    .where('mc.certified_on', '<=', to)
    .groupBy('mc.certified_on')
    .execute();
}

/** Missions per day of a range: each running sub-challenge's missions count on the days it runs. */
export async function findParticipatingSubChallenges(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom(teamMembersView(db).as('p'))
    .innerJoin(roundsView(db).as('s'), 's.id', 'p.sub_challenge_id')
    .innerJoin(challengesView(db).as('c'), 'c.id', 's.challenge_id')
    .select([
      's.id',
      's.start_date',
      's.end_date',
      'c.id as challenge_id',
      'c.challenge_type',
      'c.title',
      (eb) =>
        eb
          .selectFrom('missions as m')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('m.sub_challenge_id', '=', 's.id')
          .as('mission_count'),
    ])
    .where('p.user_id', '=', userId)
    .execute();
}

export async function insertActionLog(
  db: Kysely<Database>,
  row: { userId: number; missionId: number; action: 'CERTIFY' | 'DELETE'; day: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('mission_action_logs')
    .values({
      user_id: row.userId,
      mission_id: row.missionId,
      action: row.action,
      day: row.day,
      created_at: row.createdAt,
    })
    .execute();
}

export async function findActionLogs(db: Kysely<Database>, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('mission_action_logs as l')
    .innerJoin('missions as m', 'm.id', 'l.mission_id')
    .select(['l.action', 'l.mission_id', 'm.title', 'l.day', 'l.created_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findOrCreateShareDay(db: Kysely<Database>, userId: number, day: string, uuid: string) {
  await db
    .insertInto('share_days')
    .values({ uuid, user_id: userId, day })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute();
  return db
    .selectFrom('share_days')
    .select('uuid')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
}

/** The Seoul day of the person's first certification, or undefined before any. */
export async function findFirstCertificationDay(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('mission_certifications')
    .select((eb) => eb.fn.min('certified_on').as('first'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.first ?? undefined;
}

export async function findShareDay(db: Kysely<Database>, uuid: string) {
  return db
    .selectFrom('share_days as sd')
    .innerJoin(peopleView(db).as('u'), 'u.id', 'sd.user_id')
    .select(['sd.user_id', 'sd.day', 'u.alias'])
    .where('sd.uuid', '=', uuid)
    .where('u.status', '=', 'USER')
    .executeTakeFirst();
}

export async function insertCertification(
  db: Kysely<Database>,
  row: {
    userId: number;
    missionId: number;
    day: string;
    contentHtml: string;
    createdAt: string;
    idempotencyKey?: string | undefined;
    madeAt?: string | undefined;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('mission_certifications')
    .values({
      user_id: row.userId,
      mission_id: row.missionId,
      certified_on: row.day,
      content_html: row.contentHtml,
      created_at: row.createdAt,
      idempotency_key: row.idempotencyKey ?? null,
      made_at: row.madeAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteCertification(db: Kysely<Database>, certificationId: number): Promise<void> {
  await db.deleteFrom('mission_certifications').where('id', '=', certificationId).execute();
}

/** The person's certification sent with this idempotency key, if any (decision 048). */
export async function findCertificationIdByKey(
  db: Kysely<Database>,
  userId: number,
  idempotencyKey: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('mission_certifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row?.id;
}

/** How many of the person's certifications that arrived in `[from, to)` count for an earlier day. */
export async function countLateCertifications(
  db: Kysely<Database>,
  values: { userId: number; before: string; from: string; to: string },
): Promise<number> {
  const row = await db
    .selectFrom('mission_certifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', values.userId)
    .where('certified_on', '<', values.before)
    .where('created_at', '>=', values.from)
    .where('created_at', '<', values.to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When the person joined the round's team (the earliest, for a round they left and joined again). */
export async function findRoundJoinedAt(
  db: Kysely<Database>,
  userId: number,
  subChallengeId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(teamMembersView(db).as('m'))
    .select((eb) => eb.fn.min<string>('m.joined_at').as('joined_at'))
    .where('m.user_id', '=', userId)
    .where('m.sub_challenge_id', '=', subChallengeId)
    .executeTakeFirst();
  return row?.joined_at ?? undefined;
}
