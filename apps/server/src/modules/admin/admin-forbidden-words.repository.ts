import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findForbiddenWords(db: Kysely<Database>) {
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
