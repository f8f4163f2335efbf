import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RewardFilter, RewardLedgerService } from '../rewards/reward-ledger.service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsersService } from '../users/users.service.ts';
import type { Actor, AuditService } from './audit.service.ts';
import { rewardCsv } from './reward-csv.ts';

/** The reward ledger in the console: the rewards module's ledger, every change and export audited. */
export function createAdminRewardsService(deps: {
  db: Kysely<Database>;
  audit: AuditService;
  clock: Clock;
  rewardLedger: RewardLedgerService;
  users: UsersService;
}) {
  const { db, audit, rewardLedger: ledger, users } = deps;
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

    /**
     * The payout partner's file. It carries phone numbers, so taking it out is a reveal: one audit
     * row names the operator, the filter, the fields revealed and how many rows left (never the values).
     */
    exportCsv: (actor: Actor, filter: RewardFilter) =>
      db.transaction().execute(async (trx) => {
        const rows = await ledger.exportRows(filter, trx);
        const phones = await users.payoutPhonesOf(
          rows.map((row) => row.user_id),
          trx,
        );
        const file = rewardCsv(rows, new Map(phones.map((row) => [row.id, row.phone])), deps.clock());
        await audit.record(trx, actor, {
          action: 'reward.export',
          target: `rewards:${file.rows}`,
          after: { filter, rows: file.rows, fields: ['phone'] },
        });
        return file;
      }),
  };
}
