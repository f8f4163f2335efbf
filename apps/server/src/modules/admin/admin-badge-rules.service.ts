import {
  oneTimeBadgeKinds,
  type AdminBadgeKind,
  type AdminBadgeRule,
  type BadgeRuleFields,
} from '@hamkke/contract/admin/badge-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { withoutControlCharacters } from '../../lib/rich-text.ts';
import {
  findBadgeRule,
  findBadgeRules,
  findRuleByKindThreshold,
  insertBadgeRule,
  setBadgeRuleActive,
  updateBadgeRule,
  type AdminBadgeRuleRow,
} from './admin-badge-rules.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

function toAdminRule(row: AdminBadgeRuleRow): AdminBadgeRule {
  return {
    badgeRuleId: String(row.id),
    kind: row.kind,
    threshold: row.threshold,
    name: row.name,
    description: row.description,
    emoji: row.emoji,
    imageUrl: row.image_url,
    sort: row.sort,
    active: row.active === 1,
    earned: row.earned,
  };
}

/**
 * 배지 규칙 (content). Rules are rows the app's badge service evaluates (kind + threshold). What an
 * operator changes never takes a badge away: the kind of a rule is fixed (earned badges name it),
 * rules are never deleted (deactivated instead: no new grants, out of the app's list of badges to
 * earn, kept by those who have it), and a new threshold applies to grants from now on.
 */
export function createAdminBadgeRulesService(deps: { db: Kysely<Database>; audit: AuditService }) {
  const { db, audit } = deps;
  const clean = (input: BadgeRuleFields) => ({
    name: withoutControlCharacters(input.name),
    description: withoutControlCharacters(input.description),
    emoji: withoutControlCharacters(input.emoji),
    threshold: input.threshold,
    sort: input.sort,
  });

  /** The threshold a kind allows, and one free for it: 400 with the field otherwise. */
  async function checkThreshold(
    trx: Kysely<Database>,
    kind: AdminBadgeKind,
    threshold: number,
    exceptId?: number,
  ) {
    if (oneTimeBadgeKinds.includes(kind) && threshold !== 1) {
      throw new AppError('VALIDATION_FAILED', 'A one-time badge has threshold 1', [
        { path: 'threshold', code: 'INVALID_VALUE', message: 'a "first" badge is earned at 1' },
      ]);
    }
    if (await findRuleByKindThreshold(trx, kind, threshold, exceptId)) {
      throw new AppError('VALIDATION_FAILED', 'Another rule of this kind has this threshold', [
        { path: 'threshold', code: 'TAKEN', message: 'another rule of this kind has this threshold' },
      ]);
    }
  }

  async function existing(trx: Kysely<Database>, id: number) {
    const row = await findBadgeRule(trx, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such badge rule');
    return row;
  }

  return {
    list: async () => ({ items: (await findBadgeRules(db)).map(toAdminRule) }),

    create: (actor: Actor, input: BadgeRuleFields & { kind: AdminBadgeKind }) =>
      db.transaction().execute(async (trx) => {
        await checkThreshold(trx, input.kind, input.threshold);
        const id = await insertBadgeRule(trx, input.kind, clean(input));
        const after = toAdminRule(await existing(trx, id));
        await audit.record(trx, actor, { action: 'badge-rule.create', target: `badge-rule:${id}`, after });
        return after;
      }),

    update: (actor: Actor, id: number, input: BadgeRuleFields) =>
      db.transaction().execute(async (trx) => {
        const before = toAdminRule(await existing(trx, id));
        await checkThreshold(trx, before.kind, input.threshold, id);
        await updateBadgeRule(trx, id, clean(input));
        const after = toAdminRule(await existing(trx, id));
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
        const before = toAdminRule(await existing(trx, id));
        if (before.active === active) return before;
        await setBadgeRuleActive(trx, id, active);
        const after = toAdminRule(await existing(trx, id));
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
