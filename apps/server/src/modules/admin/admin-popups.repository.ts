import type { Kysely, Selectable } from 'kysely';
import type { Database, PopupsTable } from '../../db/schema.ts';

export type PopupRow = Selectable<PopupsTable>;

export async function findPopupPage(db: Kysely<Database>, input: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('popups')
      .selectAll()
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    db
      .selectFrom('popups')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function findPopup(db: Kysely<Database>, id: number) {
  return db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertPopup(db: Kysely<Database>, row: Omit<PopupRow, 'id'>) {
  return db.insertInto('popups').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePopup(db: Kysely<Database>, id: number, row: Omit<PopupRow, 'id'>) {
  return db.updateTable('popups').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePopup(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('popups').where('id', '=', id).execute();
}
