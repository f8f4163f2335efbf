import type { AdminPopup } from '@hamkke/contract/admin/popups';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import {
  deletePopup,
  findPopup,
  findPopupPage,
  insertPopup,
  updatePopup,
  type PopupRow,
} from './admin-popups.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

function toAdminPopup(row: PopupRow): AdminPopup {
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

/** Page popups with a display period, in the operator's order; every change audited. */
export function createAdminPopupsService(deps: { db: Kysely<Database>; audit: AuditService }) {
  const { db, audit } = deps;
  const toRow = (input: PopupInput) => ({
    title: withoutControlCharacters(input.title),
    content: withoutControlCharacters(input.content),
    link_url: input.linkUrl,
    starts_at: new Date(input.startsAt).toISOString(),
    ends_at: new Date(input.endsAt).toISOString(),
    sort: input.sort,
  });
  return {
    async list(input: { offset: number; limit: number }) {
      const page = await findPopupPage(db, input);
      return { items: page.rows.map(toAdminPopup), total: page.total };
    },
    create: (actor: Actor, input: PopupInput) =>
      db.transaction().execute(async (trx) => {
        const row = await insertPopup(trx, toRow(input));
        await audit.record(trx, actor, {
          action: 'popup.create',
          target: `popup:${row.id}`,
          after: toAdminPopup(row),
        });
        return toAdminPopup(row);
      }),
    update: (actor: Actor, popupId: number, input: PopupInput) =>
      db.transaction().execute(async (trx) => {
        const before = await findPopup(trx, popupId);
        if (!before) throw new AppError('NOT_FOUND', 'No such popup');
        const row = (await updatePopup(trx, popupId, toRow(input)))!;
        await audit.record(trx, actor, {
          action: 'popup.update',
          target: `popup:${popupId}`,
          before: toAdminPopup(before),
          after: toAdminPopup(row),
        });
        return toAdminPopup(row);
      }),
    remove: (actor: Actor, popupId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await findPopup(trx, popupId);
        if (!before) throw new AppError('NOT_FOUND', 'No such popup');
        await deletePopup(trx, popupId);
        await audit.record(trx, actor, {
          action: 'popup.delete',
          target: `popup:${popupId}`,
          before: toAdminPopup(before),
        });
        return { deleted: true as const };
      }),
  };
}
