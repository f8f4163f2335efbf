import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import {
  deleteForbiddenWord,
  findForbiddenWordRows,
  insertForbiddenWord,
} from './content-admin.repository.ts';
import type { ContentService } from './content.service.ts';

/**
 * The forbidden-word list as the console manages it. Run on its own, a change is forgotten by this
 * server's cached list at once (other servers follow within the one-minute cache); run in the
 * caller's transaction, the caller calls `content.forgetForbiddenWords()` once it has committed, so
 * no check between the write and the commit caches the old list again.
 */
export function createForbiddenWordsAdminService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  content: ContentService;
}) {
  const { db, clock, content } = deps;
  return {
    async list() {
      const rows = await findForbiddenWordRows(db);
      return { items: rows.map((row) => ({ word: row.word, createdAt: row.created_at })) };
    },

    /** The word as stored (control characters out, trimmed) and whether it was new. */
    async add(rawWord: string, trx?: Kysely<Database>) {
      const word = withoutControlCharacters(rawWord).trim();
      const added = await insertForbiddenWord(trx ?? db, word, clock().toISOString());
      if (!trx) content.forgetForbiddenWords();
      return { word, added };
    },

    /** Whether the word was on the list. */
    async remove(word: string, trx?: Kysely<Database>) {
      const removed = await deleteForbiddenWord(trx ?? db, word);
      if (!trx) content.forgetForbiddenWords();
      return { removed };
    },
  };
}
export type ForbiddenWordsAdminService = ReturnType<typeof createForbiddenWordsAdminService>;
