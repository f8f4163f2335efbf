import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FaqInput, FaqsAdminService } from '../content/faqs-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** The FAQ in the console: the content module's changes, each audited in its transaction. */
export function createAdminFaqsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  faqsAdmin: FaqsAdminService;
}) {
  const { db, audit, faqsAdmin: faqs } = deps;
  return {
    list: () => faqs.list(),
    create: (actor: Actor, input: FaqInput) =>
      db.transaction().execute(async (trx) => {
        const after = await faqs.create(input, trx);
        await audit.record(trx, actor, { action: 'faq.create', target: `faq:${after.faqId}`, after });
        return after;
      }),
    update: (actor: Actor, faqId: number, input: FaqInput) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await faqs.update(faqId, input, trx);
        await audit.record(trx, actor, { action: 'faq.update', target: `faq:${faqId}`, before, after });
        return after;
      }),
    remove: (actor: Actor, faqId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await faqs.remove(faqId, trx);
        await audit.record(trx, actor, { action: 'faq.delete', target: `faq:${faqId}`, before });
        return { deleted: true as const };
      }),
  };
}
