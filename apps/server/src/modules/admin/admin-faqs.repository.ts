import type { Kysely, Selectable } from 'kysely';
import type { Database, FaqsTable } from '../../db/schema.ts';

export type FaqRow = Selectable<FaqsTable>;

/** In the app's order. */
export function findFaqs(db: Kysely<Database>) {
  return db.selectFrom('faqs').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findFaq(db: Kysely<Database>, id: number) {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertFaq(db: Kysely<Database>, row: Omit<FaqRow, 'id'>) {
  return db.insertInto('faqs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateFaq(db: Kysely<Database>, id: number, row: Omit<FaqRow, 'id'>) {
  return db.updateTable('faqs').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteFaq(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('faqs').where('id', '=', id).execute();
}
