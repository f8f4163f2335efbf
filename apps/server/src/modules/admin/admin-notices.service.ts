import type { AdminNotice } from '@hamkke/contract/admin/notices';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import {
  deleteNotice,
  findNotice,
  findNoticePage,
  insertNotice,
  updateNotice,
  type NoticeRow,
} from './admin-notices.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

function toAdminNotice(row: NoticeRow): AdminNotice {
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

/** Notices as the console manages them: drafts, a publish time, pinning; every change audited. */
export function createAdminNoticesService(deps: { db: Kysely<Database>; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const toRow = (input: NoticeInput) => ({
    title: input.title,
    content: sanitizeRichText(input.content),
    is_top: input.isTop ? 1 : 0,
    status: input.status,
    published_at: new Date(input.publishedAt ?? clock().toISOString()).toISOString(),
  });
  return {
    async list(input: { offset: number; limit: number; query?: string | undefined }) {
      const page = await findNoticePage(db, {
        offset: input.offset,
        limit: input.limit,
        ...(input.query ? { query: input.query } : {}),
      });
      return { items: page.rows.map(toAdminNotice), total: page.total };
    },

    create: (actor: Actor, input: NoticeInput) =>
      db.transaction().execute(async (trx) => {
        const row = await insertNotice(trx, toRow(input));
        await audit.record(trx, actor, {
          action: 'notice.create',
          target: `notice:${row.id}`,
          after: toAdminNotice(row),
        });
        return toAdminNotice(row);
      }),

    update: (actor: Actor, noticeId: number, input: NoticeInput) =>
      db.transaction().execute(async (trx) => {
        const before = await findNotice(trx, noticeId);
        if (!before) throw new AppError('NOT_FOUND', 'No such notice');
        const row = (await updateNotice(trx, noticeId, toRow(input)))!;
        await audit.record(trx, actor, {
          action: 'notice.update',
          target: `notice:${noticeId}`,
          before: toAdminNotice(before),
          after: toAdminNotice(row),
        });
        return toAdminNotice(row);
      }),

    remove: (actor: Actor, noticeId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await findNotice(trx, noticeId);
        if (!before) throw new AppError('NOT_FOUND', 'No such notice');
        await deleteNotice(trx, noticeId);
        await audit.record(trx, actor, {
          action: 'notice.delete',
          target: `notice:${noticeId}`,
          before: toAdminNotice(before),
        });
        return { deleted: true as const };
      }),
  };
}
