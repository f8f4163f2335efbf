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
import { inTransaction } from '../../lib/transaction.ts';
import {
  findBadgeRule,
  findBadgeRules,
  findRuleByKindThreshold,
  insertBadgeRule,
  setBadgeRuleActive,
  updateBadgeRule,
  type BadgeRuleAdminRow,
} from './badge-rules.repository.ts';

function toAdminRule(row: BadgeRuleAdminRow): AdminBadgeRule {
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
 * 배지 규칙 as the console manages them. Rules are rows the badge service evaluates (kind +
 * threshold). What an operator changes never takes a badge away: the kind of a rule is fixed (earned
 * badges name it), rules are never deleted (deactivated instead: no new grants, out of the app's list
 * of badges to earn, kept by those who have it), and a new threshold applies to grants from now on.
 * Each change runs in the caller's transaction when given one, else in its own.
 */
export function createBadgeRulesAdminService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const clean = (input: BadgeRuleFields) => ({
    name: withoutControlCharacters(input.name),
    description: withoutControlCharacters(input.description),
    emoji: withoutControlCharacters(input.emoji),
    threshold: input.threshold,
    sort: input.sort,
  });

  /** The threshold a kind allows, and one free for it: 400 with the field otherwise. */
  async function checkThreshold(
    executor: Kysely<Database>,
    kind: AdminBadgeKind,
    threshold: number,
    exceptId?: number,
  ) {
    if (oneTimeBadgeKinds.includes(kind) && threshold !== 1) {
      throw new AppError('VALIDATION_FAILED', 'A one-time badge has threshold 1', [
        { path: 'threshold', code: 'INVALID_VALUE', message: 'a "first" badge is earned at 1' },
      ]);
    }
    if (await findRuleByKindThreshold(executor, kind, threshold, exceptId)) {
      throw new AppError('VALIDATION_FAILED', 'Another rule of this kind has this threshold', [
        { path: 'threshold', code: 'TAKEN', message: 'another rule of this kind has this threshold' },
      ]);
    }
  }

  async function existing(executor: Kysely<Database>, id: number) {
    const row = await findBadgeRule(executor, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such badge rule');
    return toAdminRule(row);
  }

  return {
    /** Every rule, active or not, in the app's order, with how many people earned it. */
    list: async () => ({ items: (await findBadgeRules(db)).map(toAdminRule) }),

    create: (
      input: BadgeRuleFields & { kind: AdminBadgeKind },
      trx?: Kysely<Database>,
    ): Promise<AdminBadgeRule> =>
      inTransaction(db, trx, async (executor) => {
        await checkThreshold(executor, input.kind, input.threshold);
        const id = await insertBadgeRule(executor, input.kind, clean(input));
        return existing(executor, id);
      }),

    /** New texts, threshold and order (the kind stays); the rule before and after. */
    update: (id: number, input: BadgeRuleFields, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, id);
        await checkThreshold(executor, before.kind, input.threshold, id);
        await updateBadgeRule(executor, id, clean(input));
        return { before, after: await existing(executor, id) };
      }),

    /** The rule before and after; `changed` is false (and nothing written) when it already was so. */
    setActive: (id: number, active: boolean, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await existing(executor, id);
        if (before.active === active) return { before, after: before, changed: false };
        await setBadgeRuleActive(executor, id, active);
        return { before, after: await existing(executor, id), changed: true };
      }),
  };
}
export type BadgeRulesAdminService = ReturnType<typeof createBadgeRulesAdminService>;
