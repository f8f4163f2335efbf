import type { AdminNotice } from '@hamkke/contract/admin/notices';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  deleteNotice,
  findNotice,
  findNoticePage,
  insertNotice,
  updateNotice,
  type NoticeAdminRow,
} from './content-admin.repository.ts';

function toAdminNotice(row: NoticeAdminRow): AdminNotice {
  return {
    noticeId: String(row.id),
    title: row.title,
    content: row.content,
    isTop: row.is_top === 1,
    status: row.status,
    publishedAt: row.published_at,
  };
}

export interface NoticeInput {
  title: string;
  content: string;
  isTop: boolean;
  status: 'DRAFT' | 'PUBLISHED';
  publishedAt?: string | undefined;
}

/**
 * Notices as the operator console manages them: drafts, a publish time, pinning. Each change runs in
 * the caller's transaction when given one (the console audits it there), else in its own.
 */
export function createNoticesAdminService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const toRow = (input: NoticeInput) => ({
    title: input.title,
    content: sanitizeRichText(input.content),
    is_top: input.isTop ? 1 : 0,
    status: input.status,
    published_at: new Date(input.publishedAt ?? clock().toISOString()).toISOString(),
  });
  const existing = async (executor: Kysely<Database>, noticeId: number) => {
    const row = await findNotice(executor, noticeId);
    if (!row) throw new AppError('NOT_FOUND', 'No such notice');
    return row;
  };
  return {
    /** Every notice (drafts and future ones too), newest publish time first; `query` searches titles. */
    async list(input: { offset: number; limit: number; query?: string | undefined }) {
      const page = await findNoticePage(db, {
        offset: input.offset,
        limit: input.limit,
        ...(input.query ? { query: input.query } : {}),
      });
      return { items: page.rows.map(toAdminNotice), total: page.total };
    },

    create: (input: NoticeInput, trx?: Kysely<Database>): Promise<AdminNotice> =>
      inTransaction(db, trx, async (executor) => toAdminNotice(await insertNotice(executor, toRow(input)))),

    /** The notice before and after; NOT_FOUND when there is none. */
    update: (noticeId: number, input: NoticeInput, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, noticeId);
        const row = (await updateNotice(executor, noticeId, toRow(input)))!;
        return { before: toAdminNotice(before), after: toAdminNotice(row) };
      }),

    /** Deletes the notice and its read marks; answers what it was. NOT_FOUND when there is none. */
    remove: (noticeId: number, trx?: Kysely<Database>): Promise<AdminNotice> =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, noticeId);
        await deleteNotice(executor, noticeId);
        return toAdminNotice(before);
      }),
  };
}
export type NoticesAdminService = ReturnType<typeof createNoticesAdminService>;
