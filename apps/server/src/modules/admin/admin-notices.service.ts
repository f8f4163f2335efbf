import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NoticeInput, NoticesAdminService } from '../content/notices-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** Notices in the console: the content module's changes, each audited in its transaction. */
export function createAdminNoticesService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  noticesAdmin: NoticesAdminService;
}) {
  const { db, audit, noticesAdmin: notices } = deps;
  return {
    list: (input: { offset: number; limit: number; query?: string | undefined }) => notices.list(input),

    create: (actor: Actor, input: NoticeInput) =>
      db.transaction().execute(async (trx) => {
        const after = await notices.create(input, trx);
        await audit.record(trx, actor, {
          action: 'notice.create',
          target: `notice:${after.noticeId}`,
          after,
        });
        return after;
      }),

    update: (actor: Actor, noticeId: number, input: NoticeInput) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await notices.update(noticeId, input, trx);
        await audit.record(trx, actor, {
          action: 'notice.update',
          target: `notice:${noticeId}`,
          before,
          after,
        });
        return after;
      }),

    remove: (actor: Actor, noticeId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await notices.remove(noticeId, trx);
        await audit.record(trx, actor, { action: 'notice.delete', target: `notice:${noticeId}`, before });
        return { deleted: true as const };
      }),
  };
}
