import type { AdminReward } from '@hamkke/contract/admin/rewards';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  cancelReward,
  findReward,
  findRewardPage,
  findRewardRows,
  markRewardsPaid,
  type RewardFilter,
  type RewardLedgerRow,
} from './admin-rewards.repository.ts';
import type { Actor, AuditService } from './audit.service.ts';

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

/** The reward ledger in the console: filter, pay out in bulk, cancel with a reason, export; all audited. */
export function createAdminRewardsService(deps: { db: Kysely<Database>; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  return {
    async list(input: RewardFilter & { offset: number; limit: number }) {
      const page = await findRewardPage(db, input);
      return { items: page.rows.map(toAdminReward), total: page.total };
    },

    markPaid: (actor: Actor, input: { rewardIds: readonly string[]; payoutRef: string }) =>
      db.transaction().execute(async (trx) => {
        const ids = [...new Set(input.rewardIds.map(Number))];
        const moved = await markRewardsPaid(trx, {
          ids,
          payoutRef: input.payoutRef,
          now: clock().toISOString(),
        });
        const paid = new Set(moved);
        const skipped = ids.filter((id) => !paid.has(id)).map(String);
        if (moved.length > 0) {
          await audit.record(trx, actor, {
            action: 'reward.mark-paid',
            target: `rewards:${moved.length}`,
            before: { status: 'PENDING', rewardIds: moved },
            after: { status: 'PAID', payoutRef: input.payoutRef },
          });
        }
        return { paid: moved.length, skipped };
      }),

    cancel: (actor: Actor, input: { rewardId: number; reason: string }) =>
      db.transaction().execute(async (trx) => {
        const before = await findReward(trx, input.rewardId);
        if (!before) throw new AppError('NOT_FOUND', 'No such reward');
        if (
          !(await cancelReward(trx, { id: input.rewardId, reason: input.reason, now: clock().toISOString() }))
        ) {
          throw new AppError('CONFLICT', 'Only a pending reward can be cancelled');
        }
        const after = (await findReward(trx, input.rewardId))!;
        await audit.record(trx, actor, {
          action: 'reward.cancel',
          target: `reward:${input.rewardId}`,
          before: { status: before.status },
          after: { status: after.status, reason: input.reason },
        });
        return toAdminReward(after);
      }),

    /** CSV for the payout partner (Excel reads UTF-8 with a BOM); the export itself is audited. */
    async exportCsv(actor: Actor, filter: RewardFilter) {
      const rows = await findRewardRows(db, filter, EXPORT_MAX_ROWS);
      const csv = Papa.unparse(
        rows.map((row) => ({
          reward_id: row.id,
          round: row.round_title,
          team: row.team_name,
          user_id: row.user_id,
          name: row.name,
          kind: row.kind,
          unit: row.unit,
          amount: row.amount,
          item: row.item_name,
          status: row.status,
          completion_rate: (row.rate_permille / 10).toFixed(1),
          granted_at: row.granted_at,
          settled_at: row.settled_at ?? '',
          payout_ref: row.payout_ref ?? '',
        })),
        // Cells starting with = + - @ are quoted as text: a spreadsheet must not run them as formulas.
        { escapeFormulae: true, newline: '\r\n' },
      );
      await audit.record(db, actor, {
        action: 'reward.export',
        target: `rewards:${rows.length}`,
        after: filter,
      });
      const stamp = clock().toISOString().slice(0, 10);
      return { filename: `rewards-${stamp}.csv`, csv: `\uFEFF${csv}`, rows: rows.length };
    },
  };
}
