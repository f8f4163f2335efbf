import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ForbiddenWordsAdminService } from '../content/forbidden-words-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/**
 * The forbidden-word list in the console. A change applies on this server at once and on the others
 * within the app's one-minute cache; the "try a sentence" box answers with the list as stored now.
 */
export function createAdminForbiddenWordsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  content: ContentService;
  forbiddenWordsAdmin: ForbiddenWordsAdminService;
}) {
  const { db, audit, content, forbiddenWordsAdmin: words } = deps;
  return {
    list: () => words.list(),
    async add(actor: Actor, rawWord: string) {
      const added = await db.transaction().execute(async (trx) => {
        const { word, added: isNew } = await words.add(rawWord, trx);
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
        const { removed: gone } = await words.remove(word, trx);
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
