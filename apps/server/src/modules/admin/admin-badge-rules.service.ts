import type { AdminBadgeKind, BadgeRuleFields } from '@hamkke/contract/admin/badge-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BadgeRulesAdminService } from '../rewards/badge-rules-admin.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** 배지 규칙 (content) in the console: the rewards module's changes, each audited in its transaction. */
export function createAdminBadgeRulesService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  badgeRulesAdmin: BadgeRulesAdminService;
}) {
  const { db, audit, badgeRulesAdmin: rules } = deps;
  return {
    list: () => rules.list(),

    create: (actor: Actor, input: BadgeRuleFields & { kind: AdminBadgeKind }) =>
      db.transaction().execute(async (trx) => {
        const after = await rules.create(input, trx);
        await audit.record(trx, actor, {
          action: 'badge-rule.create',
          target: `badge-rule:${after.badgeRuleId}`,
          after,
        });
        return after;
      }),

    update: (actor: Actor, id: number, input: BadgeRuleFields) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await rules.update(id, input, trx);
        await audit.record(trx, actor, {
          action: 'badge-rule.update',
          target: `badge-rule:${id}`,
          before,
          after,
        });
        return after;
      }),

    setActive: (actor: Actor, id: number, active: boolean) =>
      db.transaction().execute(async (trx) => {
        const { before, after, changed } = await rules.setActive(id, active, trx);
        if (!changed) return before;
        await audit.record(trx, actor, {
          action: active ? 'badge-rule.activate' : 'badge-rule.deactivate',
          target: `badge-rule:${id}`,
          before,
          after,
        });
        return after;
      }),
  };
}
