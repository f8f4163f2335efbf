import type { AdminServiceInfo } from '@hamkke/contract/admin/service-info';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findContentPageRow, saveContentPage } from './content-admin.repository.ts';

/** The app's service information page (`my/service-info` reads the same row: shown at once). */
export const SERVICE_INFO_PAGE = 'SERVICE_INFO';

/** The service information page as the console edits it. */
export function createServiceInfoAdminService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  /** The page, or an empty one when the database has none yet. */
  const read = async (executor: Kysely<Database>): Promise<AdminServiceInfo> => {
    const row = await findContentPageRow(executor, SERVICE_INFO_PAGE);
    return row
      ? { title: row.title, content: row.content, updatedAt: row.updated_at }
      : { title: '', content: '', updatedAt: null };
  };
  return {
    get: (trx?: Kysely<Database>) => read(trx ?? db),

    /** Writes the page (making it when missing); answers it before and after. */
    update: (input: { title: string; content: string }, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await read(executor);
        const after = {
          title: withoutControlCharacters(input.title),
          content: withoutControlCharacters(input.content),
          updatedAt: clock().toISOString(),
        };
        await saveContentPage(executor, {
          page_key: SERVICE_INFO_PAGE,
          title: after.title,
          content: after.content,
          updated_at: after.updatedAt,
        });
        return { before, after };
      }),
  };
}
export type ServiceInfoAdminService = ReturnType<typeof createServiceInfoAdminService>;
