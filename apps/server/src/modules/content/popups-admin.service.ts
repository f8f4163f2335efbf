import type { AdminPopup } from '@hamkke/contract/admin/popups';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  deletePopup,
  findPopup,
  findPopupPage,
  insertPopup,
  updatePopup,
  type PopupAdminRow,
} from './content-admin.repository.ts';

function toAdminPopup(row: PopupAdminRow): AdminPopup {
  return {
    popupId: String(row.id),
    title: row.title,
    content: row.content,
    linkUrl: row.link_url,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    sort: row.sort,
  };
}

export interface PopupInput {
  title: string;
  content: string;
  linkUrl: string | null;
  startsAt: string;
  endsAt: string;
  sort: number;
}

/**
 * Page popups with a display period, in the operator's order, as the console manages them. Each
 * change runs in the caller's transaction when given one, else in its own.
 */
export function createPopupsAdminService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const toRow = (input: PopupInput) => ({
    title: withoutControlCharacters(input.title),
    content: withoutControlCharacters(input.content),
    link_url: input.linkUrl,
    starts_at: new Date(input.startsAt).toISOString(),
    ends_at: new Date(input.endsAt).toISOString(),
    sort: input.sort,
  });
  const existing = async (executor: Kysely<Database>, popupId: number) => {
    const row = await findPopup(executor, popupId);
    if (!row) throw new AppError('NOT_FOUND', 'No such popup');
    return row;
  };
  return {
    /** Every popup (past and future too), latest start first. */
    async list(input: { offset: number; limit: number }) {
      const page = await findPopupPage(db, input);
      return { items: page.rows.map(toAdminPopup), total: page.total };
    },

    create: (input: PopupInput, trx?: Kysely<Database>): Promise<AdminPopup> =>
      inTransaction(db, trx, async (executor) => toAdminPopup(await insertPopup(executor, toRow(input)))),

    /** The popup before and after; NOT_FOUND when there is none. */
    update: (popupId: number, input: PopupInput, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, popupId);
        const row = (await updatePopup(executor, popupId, toRow(input)))!;
        return { before: toAdminPopup(before), after: toAdminPopup(row) };
      }),

    /** Deletes the popup; answers what it was. NOT_FOUND when there is none. */
    remove: (popupId: number, trx?: Kysely<Database>): Promise<AdminPopup> =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, popupId);
        await deletePopup(executor, popupId);
        return toAdminPopup(before);
      }),
  };
}
export type PopupsAdminService = ReturnType<typeof createPopupsAdminService>;
