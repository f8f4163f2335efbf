import {
  adminBadgeRuleActivateEndpoint,
  adminBadgeRuleCreateEndpoint,
  adminBadgeRuleListEndpoint,
  adminBadgeRuleUpdateEndpoint,
} from '@hamkke/contract/admin/badge-rules';
import {
  adminRewardCancelEndpoint,
  adminRewardExportEndpoint,
  adminRewardListEndpoint,
  adminRewardMarkPaidEndpoint,
} from '@hamkke/contract/admin/rewards';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { UsersService } from '../users/users.service.ts';
import type { BadgeRulesAdminService } from './badge-rules-admin.service.ts';
import { rewardCsv } from './reward-csv.ts';
import type { RewardFilter, RewardLedgerService } from './reward-ledger.service.ts';

/** The console's filter of the ledger: a round, a kind, a status. */
function rewardFilter(body: RewardFilter): RewardFilter {
  return { subChallengeId: body.subChallengeId, kind: body.kind, status: body.status };
}

/**
 * The console's badge rules and reward ledger (decision 065): this module's changes, each audited in
 * the transaction the console opens; the payout file is a reveal of phone numbers, audited as one.
 */
export function registerRewardsConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  clock: Clock,
  services: {
    badgeRulesAdmin: BadgeRulesAdminService;
    rewardLedger: RewardLedgerService;
    users: UsersService;
  },
): void {
  const { badgeRulesAdmin: rules, rewardLedger: ledger, users } = services;

  registerConsoleRead(app, kit, adminBadgeRuleListEndpoint, () => rules.list());
  registerAuditedEndpoint(app, kit, adminBadgeRuleCreateEndpoint, async ({ body, trx }) => {
    const after = await rules.create(body, trx);
    return {
      answer: after,
      audit: { action: 'badge-rule.create', target: `badge-rule:${after.badgeRuleId}`, after },
    };
  });
  registerAuditedEndpoint(app, kit, adminBadgeRuleUpdateEndpoint, async ({ body, trx }) => {
    const { badgeRuleId, ...fields } = body;
    const { before, after } = await rules.update(badgeRuleId, fields, trx);
    return {
      answer: after,
      audit: { action: 'badge-rule.update', target: `badge-rule:${badgeRuleId}`, before, after },
    };
  });
  registerAuditedEndpoint(app, kit, adminBadgeRuleActivateEndpoint, async ({ body, trx }) => {
    const { before, after, changed } = await rules.setActive(body.badgeRuleId, body.active, trx);
    if (!changed) return { answer: before, audit: null };
    return {
      answer: after,
      audit: {
        action: body.active ? 'badge-rule.activate' : 'badge-rule.deactivate',
        target: `badge-rule:${body.badgeRuleId}`,
        before,
        after,
      },
    };
  });

  registerConsoleRead(app, kit, adminRewardListEndpoint, ({ body }) =>
    ledger.list({ ...rewardFilter(body), offset: body.offset, limit: body.limit }),
  );
  registerAuditedEndpoint(app, kit, adminRewardMarkPaidEndpoint, async ({ body, trx }) => {
    const { paidIds, skipped } = await ledger.markPaid(body, trx);
    return {
      answer: { paid: paidIds.length, skipped },
      audit:
        paidIds.length === 0
          ? null
          : {
              action: 'reward.mark-paid',
              target: `rewards:${paidIds.length}`,
              before: { status: 'PENDING', rewardIds: paidIds },
              after: { status: 'PAID', payoutRef: body.payoutRef },
            },
    };
  });
  registerAuditedEndpoint(app, kit, adminRewardCancelEndpoint, async ({ body, trx }) => {
    const { before, after } = await ledger.cancel({ rewardId: body.rewardId, reason: body.reason }, trx);
    return {
      answer: after,
      audit: {
        action: 'reward.cancel',
        target: `reward:${body.rewardId}`,
        before: { status: before.status },
        after: { status: after.status, reason: body.reason },
      },
    };
  });
  // The payout partner's file carries phone numbers, so taking it out is a reveal: one audit row
  // names the operator, the filter, the fields revealed and how many rows left (never the values).
  registerAuditedEndpoint(app, kit, adminRewardExportEndpoint, async ({ body, trx }) => {
    const filter = rewardFilter(body);
    const rows = await ledger.exportRows(filter, trx);
    const phones = await users.payoutPhonesOf(
      rows.map((row) => row.user_id),
      trx,
    );
    const file = rewardCsv(rows, new Map(phones.map((row) => [row.id, row.phone])), clock());
    return {
      answer: file,
      audit: {
        action: 'reward.export',
        target: `rewards:${file.rows}`,
        after: { filter, rows: file.rows, fields: ['phone'] },
      },
    };
  });
}
