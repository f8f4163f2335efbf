import type { Kysely, Selectable } from 'kysely';
import type { Database, NoticesTable } from '../../db/schema.ts';

export type NoticeRow = Selectable<NoticesTable>;

export async function findNoticePage(
  db: Kysely<Database>,
  input: { offset: number; limit: number; query?: string },
): Promise<{ rows: NoticeRow[]; total: number }> {
  let query = db.selectFrom('notices');
  if (input.query) query = query.where('title', 'like', `%${input.query.replace(/[%_\\]/g, '')}%`);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function findNotice(db: Kysely<Database>, id: number) {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotice(db: Kysely<Database>, row: Omit<NoticeRow, 'id'>): Promise<NoticeRow> {
  return db.insertInto('notices').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateNotice(db: Kysely<Database>, id: number, row: Omit<NoticeRow, 'id'>) {
  return db.updateTable('notices').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteNotice(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
  await db.deleteFrom('notices').where('id', '=', id).execute();
}
