import type { AdminServiceInfo } from '@hamkke/contract/admin/service-info';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { findPage, savePage } from './admin-service-info.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** The app's service information page (`my/service-info` reads the same row: shown at once). */
const SERVICE_INFO_PAGE = 'SERVICE_INFO';

export function createAdminServiceInfoService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditService;
}) {
  const { db, clock, audit } = deps;
  const read = async (trx: Kysely<Database>): Promise<AdminServiceInfo> => {
    const row = await findPage(trx, SERVICE_INFO_PAGE);
    return row
      ? { title: row.title, content: row.content, updatedAt: row.updated_at }
      : { title: '', content: '', updatedAt: null };
  };
  return {
    get: () => read(db),
    update: (actor: Actor, input: { title: string; content: string }) =>
      db.transaction().execute(async (trx) => {
        const before = await read(trx);
        const after = {
          title: withoutControlCharacters(input.title),
          content: withoutControlCharacters(input.content),
          updatedAt: clock().toISOString(),
        };
        await savePage(trx, {
          page_key: SERVICE_INFO_PAGE,
          title: after.title,
          content: after.content,
          updated_at: after.updatedAt,
        });
        await audit.record(trx, actor, {
          action: 'service-info.update',
          target: `content-page:${SERVICE_INFO_PAGE}`,
          before: { title: before.title, length: before.content.length },
          after: { title: after.title, length: after.content.length },
        });
        return after;
      }),
  };
}
