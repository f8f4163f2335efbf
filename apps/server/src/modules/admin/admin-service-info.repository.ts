import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findPage(db: Kysely<Database>, pageKey: string) {
  return db.selectFrom('content_pages').selectAll().where('page_key', '=', pageKey).executeTakeFirst();
}

/** Writes the page, making it when the database has none yet. */
export async function savePage(
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
