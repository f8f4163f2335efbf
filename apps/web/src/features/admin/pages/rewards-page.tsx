import {
  adminRewardCancelEndpoint,
  adminRewardExportEndpoint,
  adminRewardListEndpoint,
  adminRewardMarkPaidEndpoint,
  type AdminReward,
} from '@hamkke/contract/admin/rewards';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@/shared/ui/text-field.tsx';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { groupThousands } from '@/shared/format/count.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { useConfirm } from './confirm.tsx';
import { AdminButton } from './parts.tsx';
import { ListPanel } from '../shell/list-panel.tsx';

const PAGE = 50;
type Status = 'PENDING' | 'PAID' | 'CANCELLED';
type Kind = 'PAID' | 'TRAFFIC' | 'BADGES';
/** The bulk payout's reference and a cancellation's reason: the contract's own rules. */
const payoutSchema = adminRewardMarkPaidEndpoint.request.pick({ payoutRef: true });
const cancelSchema = adminRewardCancelEndpoint.request.pick({ reason: true });

/** The reward ledger: filter, pay out pending ones in bulk with a reference, cancel with a reason, export CSV. */
export function RewardsPage() {
  const ask = useConfirm();
  const [status, setStatus] = useState<Status | ''>('PENDING');
  const [kind, setKind] = useState<Kind | ''>('');
  const [round, setRound] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const payoutForm = useForm<z.input<typeof payoutSchema>, unknown, z.output<typeof payoutSchema>>({
    resolver: standardSchemaResolver(payoutSchema),
    defaultValues: { payoutRef: '' },
  });
  const payoutRef = payoutForm.watch('payoutRef');
  const [result, setResult] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const statusId = useId();
  const kindId = useId();
  const filter = {
    ...(status ? { status } : {}),
    ...(kind ? { kind } : {}),
    ...(/^[1-9]\d{0,8}$/.test(round) ? { subChallengeId: round } : {}),
  };
  const list = useQuery(consoleQuery(adminRewardListEndpoint, { offset, limit: PAGE, ...filter }));
  const markPaid = useConsoleMutation(adminRewardMarkPaidEndpoint, {
    onSuccess: (answer) => {
      setResult(m.rewards.paidResult(answer.paid, answer.skipped.length));
      setSelected(new Set());
    },
  });
  const exportCsv = useConsoleMutation(adminRewardExportEndpoint, {
    reads: true,
    onSuccess: (answer) => {
      const url = URL.createObjectURL(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = answer.filename;
      link.click();
      URL.revokeObjectURL(url);
      setResult(m.rewards.exported(answer.rows));
    },
  });
  const toggle = (rewardId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(rewardId);
      else next.delete(rewardId);
      return next;
    });
  const pending = list.isSuccess ? list.data.items.filter((item) => item.status === 'PENDING') : [];
  const resetPage = () => {
    setOffset(0);
    setSelected(new Set());
  };

  return (
    <section aria-labelledby="rewards-heading">
      <div className={styles.toolbar}>
        <h1 id="rewards-heading" className={styles.heading}>
          {m.rewards.heading}
        </h1>
        <AdminButton
          variant="secondary"
          disabled={exportCsv.isPending}
          onClick={() =>
            void ask({
              title: m.rewards.exportConfirm,
              description: m.rewards.exportConfirmText,
              confirmLabel: m.rewards.export,
            }).then((yes) => yes && exportCsv.mutate(filter))
          }
        >
          {m.rewards.export}
        </AdminButton>
      </div>
      <div className={`${styles.card} ${styles.filters}`} role="group" aria-label={m.rewards.filters}>
        <label className={styles.label} htmlFor={statusId}>
          {m.rewards.status}
          <select
            id={statusId}
            className={styles.select}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status | '');
              resetPage();
            }}
          >
            <option value="">{m.rewards.all}</option>
            {(['PENDING', 'PAID', 'CANCELLED'] as const).map((value) => (
              <option key={value} value={value}>
                {m.rewards.statuses[value]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label} htmlFor={kindId}>
          {m.rewards.kind}
          <select
            id={kindId}
            className={styles.select}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as Kind | '');
              resetPage();
            }}
          >
            <option value="">{m.rewards.all}</option>
            {(['PAID', 'TRAFFIC', 'BADGES'] as const).map((value) => (
              <option key={value} value={value}>
                {m.rewards.kinds[value]}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={m.rewards.round}
          value={round}
          inputMode="numeric"
          onValueChange={(value) => {
            setRound(value.replace(/\D/g, ''));
            resetPage();
          }}
        />
      </div>
      {result && (
        <p role="status" className={styles.result}>
          {result}
        </p>
      )}
      {(markPaid.error !== null || exportCsv.error !== null) && (
        <p className={styles.error} role="alert">
          {m.failed}
        </p>
      )}
      <ListPanel
        query={list}
        empty={m.rewards.empty}
        paging={{ offset, size: PAGE, onOffset: setOffset }}
        headers={[
          <input
            key="all"
            type="checkbox"
            aria-label={m.rewards.selectAll}
            disabled={pending.length === 0}
            checked={pending.length > 0 && pending.every((item) => selected.has(item.rewardId))}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(pending.map((item) => item.rewardId)) : new Set())
            }
          />,
          m.rewards.columns.person,
          m.rewards.columns.round,
          m.rewards.columns.reward,
          m.rewards.columns.rate,
          m.rewards.columns.status,
          m.rewards.columns.actions,
        ]}
        row={(reward) => (
          <RewardRow
            key={reward.rewardId}
            reward={reward}
            selected={selected.has(reward.rewardId)}
            onSelect={(on) => toggle(reward.rewardId, on)}
            cancelling={cancelling === reward.rewardId}
            onCancelOpen={(open) => setCancelling(open ? reward.rewardId : null)}
            onChanged={() => setCancelling(null)}
          />
        )}
      >
        <form
          className={styles.bulk}
          onSubmit={(event) => {
            setResult(null);
            void payoutForm.handleSubmit(async (fields) => {
              const rewardIds = [...selected];
              const yes = await ask({
                title: m.rewards.markPaidConfirm(rewardIds.length),
                description: m.rewards.markPaidConfirmText(fields.payoutRef),
                confirmLabel: m.rewards.markPaidGo,
              });
              if (yes) markPaid.mutate({ rewardIds, ...fields });
            })(event);
          }}
        >
          <BoundTextField
            control={payoutForm.control}
            name="payoutRef"
            label={m.rewards.payoutRef}
            maxLength={100}
            error={payoutForm.formState.errors.payoutRef ? m.failed : null}
          />
          <AdminButton
            type="submit"
            disabled={selected.size === 0 || !payoutRef.trim() || markPaid.isPending}
          >
            {m.rewards.markPaid(selected.size)}
          </AdminButton>
        </form>
      </ListPanel>
    </section>
  );
}

function amountOf(reward: AdminReward): string {
  const unit = m.rewards.units[reward.unit] ?? '';
  return `${m.rewards.kinds[reward.kind]} ${groupThousands(reward.amount)}${unit}${reward.itemName ? ` · ${reward.itemName}` : ''}`;
}

function RewardRow(props: {
  reward: AdminReward;
  selected: boolean;
  onSelect: (on: boolean) => void;
  cancelling: boolean;
  onCancelOpen: (open: boolean) => void;
  onChanged: () => void;
}) {
  const { reward } = props;
  const cancelForm = useForm<z.input<typeof cancelSchema>, unknown, z.output<typeof cancelSchema>>({
    resolver: standardSchemaResolver(cancelSchema),
    defaultValues: { reason: '' },
  });
  const reason = cancelForm.watch('reason');
  const cancel = useConsoleMutation(adminRewardCancelEndpoint, { onSuccess: props.onChanged });
  const pending = reward.status === 'PENDING';
  return (
    <tr>
      <td>
        {pending && (
          <input
            type="checkbox"
            aria-label={m.rewards.select(`${reward.name} ${amountOf(reward)}`)}
            checked={props.selected}
            onChange={(event) => props.onSelect(event.target.checked)}
          />
        )}
      </td>
      <td>
        {reward.name} <span className={styles.muted}>({reward.alias})</span>
      </td>
      <td>
        {reward.roundTitle}
        <br />
        <span className={styles.muted}>{reward.teamName}</span>
      </td>
      <td>{amountOf(reward)}</td>
      <td>{Math.round(reward.completionRate * 1000) / 10}%</td>
      <td>
        <span className={`${styles.badge} ${pending ? '' : styles.draft}`}>
          {m.rewards.statuses[reward.status]}
        </span>
        {reward.settledAt && <div className={styles.muted}>{formatSeoulDateTime(reward.settledAt)}</div>}
        {reward.payoutRef && <div className={styles.muted}>{reward.payoutRef}</div>}
        {reward.cancelReason && <div className={styles.muted}>{reward.cancelReason}</div>}
      </td>
      <td>
        {pending && !props.cancelling && (
          <AdminButton variant="danger" onClick={() => props.onCancelOpen(true)}>
            {m.rewards.cancel}
          </AdminButton>
        )}
        {pending && props.cancelling && (
          <form
            className={styles.actions}
            onSubmit={(event) =>
              void cancelForm.handleSubmit((fields) =>
                cancel.mutate({ rewardId: reward.rewardId, ...fields }),
              )(event)
            }
          >
            <BoundTextField
              control={cancelForm.control}
              name="reason"
              label={m.rewards.cancelReason}
              maxLength={200}
              error={cancelForm.formState.errors.reason ? m.failed : null}
            />
            <AdminButton
              type="submit"
              variant="danger"
              disabled={reason.trim().length < 2 || cancel.isPending}
            >
              {m.rewards.confirmCancel}
            </AdminButton>
            {cancel.error !== null && (
              <p className={styles.error} role="alert">
                {m.failed}
              </p>
            )}
          </form>
        )}
      </td>
    </tr>
  );
}
