import type { AdminFaq } from '@hamkke/contract/admin/faqs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { deleteFaq, findFaq, findFaqs, insertFaq, updateFaq, type FaqRow } from './admin-faqs.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

function toAdminFaq(row: FaqRow): AdminFaq {
  return {
    faqId: String(row.id),
    category: row.category,
    question: row.question,
    answer: row.answer,
    sort: row.sort,
  };
}

export interface FaqInput {
  category: string;
  question: string;
  answer: string;
  sort: number;
}

/** The FAQ of /my/faq: entries by category in the operator's order; every change audited. */
export function createAdminFaqsService(deps: { db: Kysely<Database>; audit: AuditService }) {
  const { db, audit } = deps;
  const toRow = (input: FaqInput) => ({
    category: withoutControlCharacters(input.category),
    question: withoutControlCharacters(input.question),
    answer: withoutControlCharacters(input.answer),
    sort: input.sort,
  });
  return {
    list: async () => ({ items: (await findFaqs(db)).map(toAdminFaq) }),
    create: (actor: Actor, input: FaqInput) =>
      db.transaction().execute(async (trx) => {
        const row = await insertFaq(trx, toRow(input));
        await audit.record(trx, actor, {
          action: 'faq.create',
          target: `faq:${row.id}`,
          after: toAdminFaq(row),
        });
        return toAdminFaq(row);
      }),
    update: (actor: Actor, faqId: number, input: FaqInput) =>
      db.transaction().execute(async (trx) => {
        const before = await findFaq(trx, faqId);
        if (!before) throw new AppError('NOT_FOUND', 'No such FAQ entry');
        const row = (await updateFaq(trx, faqId, toRow(input)))!;
        await audit.record(trx, actor, {
          action: 'faq.update',
          target: `faq:${faqId}`,
          before: toAdminFaq(before),
          after: toAdminFaq(row),
        });
        return toAdminFaq(row);
      }),
    remove: (actor: Actor, faqId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await findFaq(trx, faqId);
        if (!before) throw new AppError('NOT_FOUND', 'No such FAQ entry');
        await deleteFaq(trx, faqId);
        await audit.record(trx, actor, {
          action: 'faq.delete',
          target: `faq:${faqId}`,
          before: toAdminFaq(before),
        });
        return { deleted: true as const };
      }),
  };
}
