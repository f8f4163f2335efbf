import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RewardFilter, RewardLedgerService } from '../rewards/reward-ledger.service.ts';
import type { Actor, AuditService } from './audit.service.ts';

/** The reward ledger in the console: the rewards module's ledger, every change and export audited. */
export function createAdminRewardsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  rewardLedger: RewardLedgerService;
}) {
  const { db, audit, rewardLedger: ledger } = deps;
  return {
    list: (input: RewardFilter & { offset: number; limit: number }) => ledger.list(input),

    markPaid: (actor: Actor, input: { rewardIds: readonly number[]; payoutRef: string }) =>
      db.transaction().execute(async (trx) => {
        const { paidIds, skipped } = await ledger.markPaid(input, trx);
        if (paidIds.length > 0) {
          await audit.record(trx, actor, {
            action: 'reward.mark-paid',
            target: `rewards:${paidIds.length}`,
            before: { status: 'PENDING', rewardIds: paidIds },
            after: { status: 'PAID', payoutRef: input.payoutRef },
          });
        }
        return { paid: paidIds.length, skipped };
      }),

    cancel: (actor: Actor, input: { rewardId: number; reason: string }) =>
      db.transaction().execute(async (trx) => {
        const { before, after } = await ledger.cancel(input, trx);
        await audit.record(trx, actor, {
          action: 'reward.cancel',
          target: `reward:${input.rewardId}`,
          before: { status: before.status },
          after: { status: after.status, reason: input.reason },
        });
        return after;
      }),

    /** The export itself is audited (who took the ledger out, with which filter). */
    async exportCsv(actor: Actor, filter: RewardFilter) {
      const file = await ledger.exportCsv(filter);
      await audit.record(db, actor, {
        action: 'reward.export',
        target: `rewards:${file.rows}`,
        after: filter,
      });
      return file;
    },
  };
}
