import type { Kysely, Selectable } from 'kysely';
import type { Database, FaqsTable, NoticesTable, PopupsTable } from '../../db/schema.ts';

/** The operator console's reads and writes of content: whole rows, drafts and future ones included. */

export type NoticeAdminRow = Selectable<NoticesTable>;

export async function findNoticePage(
  db: Kysely<Database>,
  input: { offset: number; limit: number; query?: string },
): Promise<{ rows: NoticeAdminRow[]; total: number }> {
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

export async function insertNotice(
  db: Kysely<Database>,
  row: Omit<NoticeAdminRow, 'id'>,
): Promise<NoticeAdminRow> {
  return db.insertInto('notices').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateNotice(db: Kysely<Database>, id: number, row: Omit<NoticeAdminRow, 'id'>) {
  return db.updateTable('notices').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The notice and who read it. */
export async function deleteNotice(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
  await db.deleteFrom('notices').where('id', '=', id).execute();
}

export type PopupAdminRow = Selectable<PopupsTable>;

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

export function insertPopup(db: Kysely<Database>, row: Omit<PopupAdminRow, 'id'>) {
  return db.insertInto('popups').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updatePopup(db: Kysely<Database>, id: number, row: Omit<PopupAdminRow, 'id'>) {
  return db.updateTable('popups').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePopup(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('popups').where('id', '=', id).execute();
}

export type FaqAdminRow = Selectable<FaqsTable>;

/** Whole rows, in the app's order. */
export function findFaqRows(db: Kysely<Database>) {
  return db.selectFrom('faqs').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findFaq(db: Kysely<Database>, id: number) {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertFaq(db: Kysely<Database>, row: Omit<FaqAdminRow, 'id'>) {
  return db.insertInto('faqs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateFaq(db: Kysely<Database>, id: number, row: Omit<FaqAdminRow, 'id'>) {
  return db.updateTable('faqs').set(row).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteFaq(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('faqs').where('id', '=', id).execute();
}

/** The forbidden-word list with when each word was added, oldest first. */
export function findForbiddenWordRows(db: Kysely<Database>) {
  return db
    .selectFrom('forbidden_words')
    .select(['word', 'created_at'])
    .orderBy('created_at')
    .orderBy('word')
    .execute();
}

/** True when the word was new. */
export async function insertForbiddenWord(db: Kysely<Database>, word: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('forbidden_words')
    .values({ word, created_at: now })
    .onConflict((oc) => oc.column('word').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteForbiddenWord(db: Kysely<Database>, word: string): Promise<boolean> {
  const result = await db.deleteFrom('forbidden_words').where('word', '=', word).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findContentPageRow(db: Kysely<Database>, pageKey: string) {
  return db.selectFrom('content_pages').selectAll().where('page_key', '=', pageKey).executeTakeFirst();
}

/** Writes the page, making it when the database has none yet. */
export async function saveContentPage(
  db: Kysely<Database>,
  row: { page_key: string; title: string; content: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('content_pages')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('page_key')
        .doUpdateSet({ title: row.title, content: row.content, updated_at: row.updated_at }),
    )
    .execute();
}
