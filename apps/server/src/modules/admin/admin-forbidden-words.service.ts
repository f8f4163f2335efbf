import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import type { ContentService } from '../content/content.service.ts';
import {
  deleteForbiddenWord,
  findForbiddenWords,
  insertForbiddenWord,
} from './admin-forbidden-words.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

/**
 * The forbidden-word list in the console. A change applies on this server at once and on the others
 * within the app's one-minute cache; the "try a sentence" box answers with the list as stored now.
 */
export function createAdminForbiddenWordsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditService;
  content: ContentService;
}) {
  const { db, clock, audit, content } = deps;
  return {
    async list() {
      const rows = await findForbiddenWords(db);
      return { items: rows.map((row) => ({ word: row.word, createdAt: row.created_at })) };
    },
    async add(actor: Actor, rawWord: string) {
      const word = withoutControlCharacters(rawWord).trim();
      const added = await db.transaction().execute(async (trx) => {
        const isNew = await insertForbiddenWord(trx, word, clock().toISOString());
        if (isNew)
          await audit.record(trx, actor, {
            action: 'forbidden-word.add',
            target: `word:${word}`,
            after: { word },
          });
        return isNew;
      });
      content.forgetForbiddenWords();
      return { added };
    },
    async remove(actor: Actor, word: string) {
      const removed = await db.transaction().execute(async (trx) => {
        const gone = await deleteForbiddenWord(trx, word);
        if (gone)
          await audit.record(trx, actor, {
            action: 'forbidden-word.remove',
            target: `word:${word}`,
            before: { word },
          });
        return gone;
      });
      content.forgetForbiddenWords();
      return { removed };
    },
    async tryText(text: string) {
      content.forgetForbiddenWords();
      return content.checkForbiddenWords(text);
    },
  };
}
