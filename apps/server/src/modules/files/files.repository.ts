import type { Insertable, Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.ts';
import { allCertificationsView } from '../missions/missions.views.ts';

export async function insertFile(db: Kysely<Database>, row: Insertable<FilesTable>): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/** The file only when this person uploaded it. */
export async function findOwnFile(db: Kysely<Database>, ownerId: number, fileId: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .where('owner_user_id', '=', ownerId)
    .executeTakeFirst();
}

export async function deleteFileRow(db: Kysely<Database>, fileId: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', fileId).execute();
}

export async function findFilesOfCertifications(db: Kysely<Database>, certificationIds: readonly number[]) {
  if (certificationIds.length === 0) return [];
  return db
    .selectFrom('files')
    .selectAll()
    .where('certification_id', 'in', certificationIds)
    .orderBy('certification_id')
    .orderBy('sort')
    .execute();
}

export async function findFilesOwnedBy(db: Kysely<Database>, ownerIds: readonly number[]) {
  if (ownerIds.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['storage_key', 'thumbnail_key'])
    .where('owner_user_id', 'in', ownerIds)
    .execute();
}

/** Uploads no certification took, made before `beforeIso`. */
export async function findUnusedFilesBefore(db: Kysely<Database>, beforeIso: string) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'thumbnail_key'])
    .where('certification_id', 'is', null)
    .where('created_at', '<', beforeIso)
    .limit(500)
    .execute();
}

export async function deleteUnusedFiles(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('files').where('id', 'in', ids).where('certification_id', 'is', null).execute();
}

/** Which of these stored keys a file row names (as its photo or its thumbnail). */
export async function findKnownKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select(['storage_key', 'thumbnail_key'])
    .where((eb) => eb.or([eb('storage_key', 'in', keys), eb('thumbnail_key', 'in', keys)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.storage_key, row.thumbnail_key]));
}

/** Gives a certification one of its author's unused uploads; false when the file is not that. */
export async function attachUnusedFile(
  db: Kysely<Database>,
  target: { fileId: string; ownerId: number; certificationId: number; sort: number },
): Promise<boolean> {
  const result = await db
    .updateTable('files')
    .set({ certification_id: target.certificationId, sort: target.sort })
    .where('id', '=', target.fileId)
    .where('owner_user_id', '=', target.ownerId)
    .where('certification_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The rows of a certification's photos, deleted with it (their stored files go after the commit). */
export async function deleteFilesOfCertification(
  db: Kysely<Database>,
  certificationId: number,
): Promise<void> {
  await db.deleteFrom('files').where('certification_id', '=', certificationId).execute();
}

/**
 * Whether the photo a stored key belongs to may be shown (issue 46 L4): a file whose certification
 * an operator or the reports hid is not, from the moment it is hidden. By the file's id (the key's
 * name), its primary key.
 */
export async function isShowable(db: Kysely<Database>, fileId: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('files as f')
    .leftJoin(allCertificationsView(db).as('mc'), 'mc.id', 'f.certification_id')
    .select(['f.storage_key', 'f.thumbnail_key', 'f.certification_id', 'mc.hidden_at'])
    .where('f.id', '=', fileId)
    .executeTakeFirst();
  if (!row || (row.storage_key !== key && row.thumbnail_key !== key)) return false;
  return row.certification_id === null || row.hidden_at === null;
}

/** The perceptual hashes of a certification's photos (those stored with one). */
export function findHashesOfCertification(db: Kysely<Database>, certificationId: number) {
  return db
    .selectFrom('files')
    .select(['id', 'photo_hash', 'photo_windows'])
    .where('certification_id', '=', certificationId)
    .where('photo_hash', 'is not', null)
    .orderBy('sort')
    .execute();
}

/** A page of other certifications' hashed photos, in id order after `afterId` (decision 069). */
export function findHashedPhotosPage(
  db: Kysely<Database>,
  input: { exceptCertificationId: number; afterId: string; limit: number },
) {
  return db
    .selectFrom('files')
    .select(['id', 'certification_id', 'photo_hash'])
    .where('certification_id', 'is not', null)
    .where('certification_id', '!=', input.exceptCertificationId)
    .where('photo_hash', 'is not', null)
    .where('id', '>', input.afterId)
    .orderBy('id')
    .limit(input.limit)
    .execute();
}

/** The window hashes of these photos (the candidates of a reused-photo check). */
export function findWindowsOf(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').select(['id', 'photo_windows']).where('id', 'in', ids).execute();
}

/** Stored photos by id (the console's reused-photo pairs), with their certification. */
export function findFilesByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
}
