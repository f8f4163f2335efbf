import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CommonCodesAdminService } from '../common/common-codes-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** Common codes in the console: the common module's changes, each audited in its transaction. */
export function createAdminCommonCodesService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  commonCodesAdmin: CommonCodesAdminService;
}) {
  const { db, audit, commonCodesAdmin: codes } = deps;
  const target = (code: { groupKey: string; code: string }) => `common-code:${code.groupKey}/${code.code}`;
  return {
    list: (groupKey?: string) => codes.list(groupKey),
    create: (actor: Actor, input: { groupKey: string; code: string; name: string; sort: number }) =>
      db.transaction().execute(async (trx) => {
        const after = await codes.create(input, trx);
        await audit.record(trx, actor, { action: 'common-code.create', target: target(after), after });
        return after;
      }),
    update: (actor: Actor, input: { groupKey: string; code: string; name: string; sort: number }) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await codes.update(input, trx);
        await audit.record(trx, actor, {
          action: 'common-code.update',
          target: target(after),
          before,
          after,
        });
        return after;
      }),
    setActive: (actor: Actor, input: { groupKey: string; code: string; active: boolean }) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await codes.setActive(input, trx);
        await audit.record(trx, actor, {
          action: input.active ? 'common-code.activate' : 'common-code.deactivate',
          target: target(after),
          before,
          after,
        });
        return after;
      }),
  };
}
