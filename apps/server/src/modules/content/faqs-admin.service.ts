import type { AdminFaq } from '@hamkke/contract/admin/faqs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  deleteFaq,
  findFaq,
  findFaqRows,
  insertFaq,
  updateFaq,
  type FaqAdminRow,
} from './content-admin.repository.ts';

function toAdminFaq(row: FaqAdminRow): AdminFaq {
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

/**
 * The FAQ of /my/faq as the console manages it: entries by category in the operator's order. Each
 * change runs in the caller's transaction when given one, else in its own.
 */
export function createFaqsAdminService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const toRow = (input: FaqInput) => ({
    category: withoutControlCharacters(input.category),
    question: withoutControlCharacters(input.question),
    answer: withoutControlCharacters(input.answer),
    sort: input.sort,
  });
  const existing = async (executor: Kysely<Database>, faqId: number) => {
    const row = await findFaq(executor, faqId);
    if (!row) throw new AppError('NOT_FOUND', 'No such FAQ entry');
    return row;
  };
  return {
    list: async () => ({ items: (await findFaqRows(db)).map(toAdminFaq) }),

    create: (input: FaqInput, trx?: Kysely<Database>): Promise<AdminFaq> =>
      inTransaction(db, trx, async (executor) => toAdminFaq(await insertFaq(executor, toRow(input)))),

    /** The entry before and after; NOT_FOUND when there is none. */
    update: (faqId: number, input: FaqInput, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, faqId);
        const row = (await updateFaq(executor, faqId, toRow(input)))!;
        return { before: toAdminFaq(before), after: toAdminFaq(row) };
      }),

    /** Deletes the entry; answers what it was. NOT_FOUND when there is none. */
    remove: (faqId: number, trx?: Kysely<Database>): Promise<AdminFaq> =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, faqId);
        await deleteFaq(executor, faqId);
        return toAdminFaq(before);
      }),
  };
}
export type FaqsAdminService = ReturnType<typeof createFaqsAdminService>;
