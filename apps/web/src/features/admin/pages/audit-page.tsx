import {
  auditListEndpoint,
  auditOperatorsEndpoint,
  type auditEntrySchema,
} from '@hamkke/contract/admin/audit';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import styles from '../admin.module.css';
import { consoleQuery } from '../api/console-query.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { InfoDialog } from './confirm.tsx';
import { AdminButton } from './parts.tsx';
import { ListPanel } from '../shell/list-panel.tsx';

const PAGE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
type AuditEntry = z.infer<typeof auditEntrySchema>;

const a = m.audit;
export const actionLabel = (action: string): string => a.actions[action] ?? action;

/** Each kind of action with its actions, in the catalog's order (the action filter's groups). */
const actionGroups = Object.entries(a.actionKinds).map(([kind, label]) => ({
  kind,
  label,
  actions: Object.keys(a.actions).filter((action) => action.startsWith(`${kind}.`)),
}));
/** Target kinds for the filter: one entry per label ("rewards:3", the bulk rows, are "보상" too). */
const targetKinds = Object.entries(a.targets).filter(([kind]) => kind !== 'rewards');

/** The recorded `{ before, after }`, or null when it cannot be read (an old row cut at 4000 characters). */
function parseSummary(summary: string): { before: unknown; after: unknown } | null {
  try {
    const parsed = JSON.parse(summary) as unknown;
    if (parsed && typeof parsed === 'object' && ('before' in parsed || 'after' in parsed)) {
      const { before = null, after = null } = parsed as { before?: unknown; after?: unknown };
      return { before, after };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The audit log, newest first (admin; read only — the database refuses changes to it): Korean names
 * of actions and targets, filters by operator, action, target and Seoul days, and each row's
 * before/after in a dialog.
 */
export function AuditPage() {
  const [offset, setOffset] = useState(0);
  const [operatorId, setOperatorId] = useState('');
  const [action, setAction] = useState('');
  const [targetKind, setTargetKind] = useState('');
  const [targetId, setTargetId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const ids = { operator: useId(), action: useId(), kind: useId(), from: useId(), to: useId() };
  const reset = () => setOffset(0);
  // A range that ends before it starts is shown as an error on 종료일 and not sent.
  const backwards = DAY.test(from) && DAY.test(to) && to < from;
  const target = targetKind ? (targetId ? `${targetKind}:${targetId}` : targetKind) : '';
  const operators = useQuery(consoleQuery(auditOperatorsEndpoint, {}));
  const list = useQuery(
    consoleQuery(auditListEndpoint, {
      offset,
      limit: PAGE,
      ...(operatorId ? { operatorId } : {}),
      ...(action ? { action } : {}),
      ...(target ? { target } : {}),
      ...(DAY.test(from) && !backwards ? { from } : {}),
      ...(DAY.test(to) && !backwards ? { to } : {}),
    }),
  );
  const filtered = Boolean(operatorId || action || target || from || to);
  return (
    <section aria-labelledby="audit-heading">
      <div className={styles.toolbar}>
        <h1 id="audit-heading" className={styles.heading}>
          {a.heading}
        </h1>
      </div>
      <div className={`${styles.card} ${styles.filters}`} role="group" aria-label={a.filters}>
        <label className={styles.label} htmlFor={ids.operator}>
          {a.operator}
          <select
            id={ids.operator}
            className={styles.select}
            value={operatorId}
            onChange={(event) => (setOperatorId(event.target.value), reset())}
          >
            <option value="">{a.all}</option>
            {operators.data?.items.map((operator) => (
              <option key={operator.operatorId} value={operator.operatorId}>
                {operator.loginId}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label} htmlFor={ids.action}>
          {a.action}
          <select
            id={ids.action}
            className={styles.select}
            value={action}
            onChange={(event) => (setAction(event.target.value), reset())}
          >
            <option value="">{a.all}</option>
            {actionGroups.map((group) => (
              <optgroup key={group.kind} label={group.label}>
                <option value={group.kind}>{a.allOf(group.label)}</option>
                {group.actions.map((value) => (
                  <option key={value} value={value}>
                    {actionLabel(value)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className={styles.label} htmlFor={ids.kind}>
          {a.targetKind}
          <select
            id={ids.kind}
            className={styles.select}
            value={targetKind}
            onChange={(event) => (setTargetKind(event.target.value), reset())}
          >
            <option value="">{a.all}</option>
            {targetKinds.map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={a.targetId}
          value={targetId}
          inputMode="numeric"
          disabled={!targetKind}
          onValueChange={(value) => {
            setTargetId(value.replace(/\D/g, '').slice(0, 9));
            reset();
          }}
        />
        <label className={styles.label} htmlFor={ids.from}>
          {a.from}
          <input
            id={ids.from}
            type="date"
            className={styles.input}
            value={from}
            max={to || undefined}
            onChange={(event) => (setFrom(event.target.value), reset())}
          />
        </label>
        {/* A div, not a wrapping label: the error is read as the field's description, not its name. */}
        <div>
          <label htmlFor={ids.to}>{a.to}</label>
          <input
            id={ids.to}
            type="date"
            className={styles.input}
            value={to}
            min={from || undefined}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? `${ids.to}-error` : undefined}
            onChange={(event) => (setTo(event.target.value), reset())}
          />
          {backwards && (
            <span id={`${ids.to}-error`} className={styles.error}>
              {a.backwards}
            </span>
          )}
        </div>
        {filtered && (
          <AdminButton
            variant="secondary"
            onClick={() => {
              setOperatorId('');
              setAction('');
              setTargetKind('');
              setTargetId('');
              setFrom('');
              setTo('');
              reset();
            }}
          >
            {a.reset}
          </AdminButton>
        )}
      </div>
      <ListPanel
        query={list}
        empty={a.empty}
        paging={{ offset, size: PAGE, onOffset: setOffset }}
        rowKey={(entry) => entry.auditId}
        columns={[
          {
            header: a.columns.at,
            className: styles.nowrap,
            cell: (entry) => formatSeoulDateTime(entry.createdAt),
          },
          {
            header: a.columns.operator,
            className: styles.nowrap,
            cell: (entry) => entry.operatorLoginId ?? a.noOperator,
          },
          { header: a.columns.action, className: styles.nowrap, cell: (entry) => actionLabel(entry.action) },
          { header: a.columns.target, className: styles.nowrap, cell: (entry) => a.target(entry.target) },
          { header: a.columns.address, cell: (entry) => entry.address },
          {
            header: a.columns.detail,
            cell: (entry: AuditEntry) => (
              <AdminButton
                variant="secondary"
                aria-label={a.openLabel(actionLabel(entry.action), a.target(entry.target))}
                onClick={() => setOpen(entry)}
              >
                {a.open}
              </AdminButton>
            ),
          },
        ]}
      />
      {open && (
        <InfoDialog
          open
          wide
          onOpenChange={(next) => {
            if (!next) setOpen(null);
          }}
          title={a.detailTitle(actionLabel(open.action), a.target(open.target))}
        >
          <AuditDetail entry={open} />
        </InfoDialog>
      )}
    </section>
  );
}

/** A row's before and after side by side, as indented JSON (an unreadable one as recorded). */
function AuditDetail({ entry }: { entry: AuditEntry }) {
  const summary = parseSummary(entry.summary);
  const show = (value: unknown) => (value === null ? a.none : JSON.stringify(value, null, 2));
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {a.detailMeta(
          formatSeoulDateTime(entry.createdAt),
          entry.operatorLoginId ?? a.noOperator,
          entry.address,
        )}
      </p>
      {summary ? (
        <div className={styles.diff}>
          <section aria-label={a.before}>
            <h3 className={styles.subheading}>{a.before}</h3>
            <pre className={styles.json}>{show(summary.before)}</pre>
          </section>
          <section aria-label={a.after}>
            <h3 className={styles.subheading}>{a.after}</h3>
            <pre className={styles.json}>{show(summary.after)}</pre>
          </section>
        </div>
      ) : (
        <>
          <p className={styles.muted}>{a.truncated}</p>
          <pre className={styles.json}>{entry.summary}</pre>
        </>
      )}
    </div>
  );
}
