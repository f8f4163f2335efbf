import type { Insertable, Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.ts';

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
