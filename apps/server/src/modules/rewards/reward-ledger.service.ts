import type { AdminReward } from '@hamkke/contract/admin/rewards';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  cancelReward,
  findReward,
  findRewardPage,
  findRewardRows,
  markRewardsPaid,
  type RewardFilter,
  type RewardLedgerRow,
} from './reward-ledger.repository.ts';

export type { RewardFilter } from './reward-ledger.repository.ts';

/** The export's ceiling: a round of a national launch fits; more is narrowed by round. */
export const EXPORT_MAX_ROWS = 100_000;

function toAdminReward(row: RewardLedgerRow): AdminReward {
  return {
    rewardId: String(row.id),
    userId: String(row.user_id),
    name: row.name,
    alias: row.alias,
    teamName: row.team_name,
    subChallengeId: String(row.sub_challenge_id),
    roundTitle: row.round_title,
    kind: row.kind,
    unit: row.unit,
    amount: row.amount,
    itemName: row.item_name,
    status: row.status,
    completionRate: row.rate_permille / 1000,
    grantedAt: row.granted_at,
    settledAt: row.settled_at,
    payoutRef: row.payout_ref,
    cancelReason: row.cancel_reason,
  };
}

/**
 * The reward ledger as the console works it: filter, pay out in bulk, cancel with a reason, export.
 * Each change runs in the caller's transaction when given one, else in its own.
 */
export function createRewardLedgerService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  events?: DomainEvents;
}) {
  const { db, clock } = deps;
  return {
    async list(input: RewardFilter & { offset: number; limit: number }) {
      const page = await findRewardPage(db, input);
      return { items: page.rows.map(toAdminReward), total: page.total };
    },

    /**
     * Pending → paid: the ids it moved (each only once, whoever else tries) and those it skipped.
     * What moved is announced in the same transaction (`rewardsPaid`: the family's notice and push).
     */
    markPaid: (input: { rewardIds: readonly number[]; payoutRef: string }, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const ids = [...new Set(input.rewardIds)];
        const at = clock().toISOString();
        const moved = await markRewardsPaid(executor, { ids, payoutRef: input.payoutRef, now: at });
        if (moved.length > 0) {
          await deps.events?.emit(executor, 'rewardsPaid', {
            rewards: moved.map((row) => ({
              rewardId: row.id,
              userId: row.user_id,
              teamId: row.team_id,
              subChallengeId: row.sub_challenge_id,
            })),
            at,
          });
        }
        const paidIds = moved.map((row) => row.id);
        const paid = new Set(paidIds);
        const skipped = ids.filter((id) => !paid.has(id)).map(String);
        return { paidIds, skipped };
      }),

    /** Pending → cancelled with a reason: the reward before and after. 404 unknown, 409 not pending. */
    cancel: (input: { rewardId: number; reason: string }, trx?: Kysely<Database>) =>
      inTransaction(db, trx, async (executor) => {
        const before = await findReward(executor, input.rewardId);
        if (!before) throw new AppError('NOT_FOUND', 'No such reward');
        if (
          !(await cancelReward(executor, {
            id: input.rewardId,
            reason: input.reason,
            now: clock().toISOString(),
          }))
        ) {
          throw new AppError('CONFLICT', 'Only a pending reward can be cancelled');
        }
        const after = (await findReward(executor, input.rewardId))!;
        return { before: toAdminReward(before), after: toAdminReward(after) };
      }),

    /** The filtered ledger for the payout partner's file, oldest first, at most EXPORT_MAX_ROWS. */
    exportRows: (filter: RewardFilter, trx: Kysely<Database> = db) =>
      findRewardRows(trx, filter, EXPORT_MAX_ROWS),
  };
}
export type RewardLedgerService = ReturnType<typeof createRewardLedgerService>;
