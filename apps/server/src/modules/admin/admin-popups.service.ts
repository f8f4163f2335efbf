import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PopupInput, PopupsAdminService } from '../content/popups-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** Page popups in the console: the content module's changes, each audited in its transaction. */
export function createAdminPopupsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  popupsAdmin: PopupsAdminService;
}) {
  const { db, audit, popupsAdmin: popups } = deps;
  return {
    list: (input: { offset: number; limit: number }) => popups.list(input),
    create: (actor: Actor, input: PopupInput) =>
      db.transaction().execute(async (trx) => {
        const after = await popups.create(input, trx);
        await audit.record(trx, actor, { action: 'popup.create', target: `popup:${after.popupId}`, after });
        return after;
      }),
    update: (actor: Actor, popupId: number, input: PopupInput) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await popups.update(popupId, input, trx);
        await audit.record(trx, actor, { action: 'popup.update', target: `popup:${popupId}`, before, after });
        return after;
      }),
    remove: (actor: Actor, popupId: number) =>
      db.transaction().execute(async (trx) => {
        const before = await popups.remove(popupId, trx);
        await audit.record(trx, actor, { action: 'popup.delete', target: `popup:${popupId}`, before });
        return { deleted: true as const };
      }),
  };
}
