import type { Kysely, Selectable } from 'kysely';
import type { Database, ExportsTable, ExportStatus } from '../../db/schema.ts';
import { certificationPhotosView } from '../files/files.views.ts';
import { allCertificationsView, roundMissionsView } from '../missions/missions.views.ts';
import { earnedBadgesView, medalsView, rewardLedgerView } from '../rewards/rewards.views.ts';
import { challengesView, roundsView, teamMembersView, teamsView } from '../teams/teams.views.ts';
import { peopleView } from '../users/users.views.ts';

type Db = Kysely<Database>;
export type ExportRow = Selectable<ExportsTable>;

export async function insertExport(
  db: Db,
  row: Pick<ExportRow, 'id' | 'family_user_id' | 'requester_user_id' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('exports')
    .values({
      ...row,
      status: 'queued',
      started_at: null,
      finished_at: null,
      expires_at: null,
      file_key: null,
      file_bytes: null,
      error: null,
    })
    .execute();
}

export function findExport(db: Db, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The family's queued or running export, if any (at most one: a unique index holds it). */
export function findOpenExport(db: Db, familyUserId: number): Promise<ExportRow | undefined> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('family_user_id', '=', familyUserId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

export function findLatestExportBy(db: Db, requesterUserId: number): Promise<ExportRow | undefined> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('requester_user_id', '=', requesterUserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Takes the oldest queued export for building: true only for the one caller that moved it. */
export async function claimNextQueued(db: Db, now: string): Promise<ExportRow | undefined> {
  const next = await db
    .selectFrom('exports')
    .selectAll()
    .where('status', '=', 'queued')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!next) return undefined;
  const moved = await db
    .updateTable('exports')
    .set({ status: 'running', started_at: now, progress: 0 })
    .where('id', '=', next.id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1 ? { ...next, status: 'running', started_at: now } : undefined;
}

/** Builds left running by a server that stopped mid-way go back to the queue. */
export async function requeueRunning(db: Db): Promise<number> {
  const result = await db
    .updateTable('exports')
    .set({ status: 'queued', progress: 0, started_at: null })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateExport(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      ExportRow,
      'status' | 'progress' | 'total' | 'file_key' | 'file_bytes' | 'error' | 'finished_at' | 'expires_at'
    >
  >,
): Promise<boolean> {
  const result = await db.updateTable('exports').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Finished exports whose link ended: their files go, the rows stay as `expired`. */
export function findExpiredDone(db: Db, now: string): Promise<ExportRow[]> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('status', '=', 'done')
    .where('expires_at', '<=', now)
    .execute();
}

export async function markExpired(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('exports')
    .set({ status: 'expired' as ExportStatus, file_key: null })
    .where('id', 'in', ids)
    .execute();
}

/** The parent and their children (withdrawn ones aside). */
export function findFamily(db: Db, parentUserId: number) {
  return db
    .selectFrom(peopleView(db).as('p'))
    .select(['p.id', 'p.user_type', 'p.login_id', 'p.name', 'p.alias', 'p.created_at'])
    .where((eb) => eb.or([eb('p.id', '=', parentUserId), eb('p.parent_user_id', '=', parentUserId)]))
    .where('p.status', '!=', 'WITHDRAWN')
    .orderBy('p.user_type', 'desc')
    .orderBy('p.id')
    .execute();
}

/** Every certification of these people, hidden ones included (it is their own record), oldest first. */
export function findCertifications(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom(allCertificationsView(db).as('mc'))
    .innerJoin(roundMissionsView(db).as('mi'), 'mi.id', 'mc.mission_id')
    .innerJoin(roundsView(db).as('r'), 'r.id', 'mi.sub_challenge_id')
    .innerJoin(challengesView(db).as('c'), 'c.id', 'r.challenge_id')
    .select([
      'mc.id',
      'mc.user_id',
      'mc.mission_id',
      'mc.certified_on',
      'mc.content_html',
      'mc.created_at',
      'mc.hidden_at',
      'mi.title as mission_title',
      'mi.icon as mission_icon',
      'r.title as round_title',
      'c.title as challenge_title',
    ])
    .where('mc.user_id', 'in', userIds)
    .orderBy('mc.user_id')
    .orderBy('mc.certified_on')
    .orderBy('mc.id')
    .execute();
}

export function findPhotos(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom(certificationPhotosView(db).as('f'))
    .selectAll()
    .where('f.owner_user_id', 'in', userIds)
    .orderBy('f.certification_id')
    .orderBy('f.sort')
    .execute();
}

export function findBadges(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom(earnedBadgesView(db).as('b'))
    .selectAll()
    .where('b.user_id', 'in', userIds)
    .orderBy('b.achieved_at')
    .execute();
}

export function findMedals(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom(medalsView(db).as('md'))
    .innerJoin(teamsView(db).as('t'), 't.id', 'md.team_id')
    .innerJoin(roundsView(db).as('r'), 'r.id', 'md.sub_challenge_id')
    .select([
      'md.user_id',
      'md.medal',
      'md.rank',
      'md.scope',
      'md.granted_at',
      't.name as team_name',
      'r.title as round_title',
    ])
    .where('md.user_id', 'in', userIds)
    .orderBy('md.granted_at')
    .execute();
}

export function findRewards(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom(rewardLedgerView(db).as('rw'))
    .innerJoin(roundsView(db).as('r'), 'r.id', 'rw.sub_challenge_id')
    .select([
      'rw.user_id',
      'rw.kind',
      'rw.unit',
      'rw.amount',
      'rw.item_name',
      'rw.status',
      'rw.granted_at',
      'rw.settled_at',
      'r.title as round_title',
    ])
    .where('rw.user_id', 'in', userIds)
    .orderBy('rw.granted_at')
    .execute();
}

export function findTeams(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom(teamMembersView(db).as('m'))
    .innerJoin(teamsView(db).as('t'), 't.id', 'm.team_id')
    .innerJoin(roundsView(db).as('r'), 'r.id', 'm.sub_challenge_id')
    .innerJoin(challengesView(db).as('c'), 'c.id', 'r.challenge_id')
    .select([
      'm.user_id',
      'm.role',
      'm.joined_at',
      't.name as team_name',
      't.emoji as team_emoji',
      'r.title as round_title',
      'c.title as challenge_title',
    ])
    .where('m.user_id', 'in', userIds)
    .orderBy('m.joined_at')
    .execute();
}

/** The exports these people asked for or that are of their family (withdrawal). */
export function findExportsOf(db: Db, userIds: readonly number[]): Promise<ExportRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exports')
    .selectAll()
    .where((eb) => eb.or([eb('family_user_id', 'in', userIds), eb('requester_user_id', 'in', userIds)]))
    .execute();
}

export async function deleteExports(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('exports').where('id', 'in', ids).execute();
}

/** Bytes the finished exports still kept take in storage (done and not yet expired). */
export async function sumKeptExportBytes(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('exports')
    .select((eb) => eb.fn.sum<number>('file_bytes').as('bytes'))
    .where('status', '=', 'done')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
