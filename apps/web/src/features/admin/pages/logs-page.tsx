import type { AdminEndpointResponse } from '@hamkke/contract/admin/endpoint';
import { adminActivityLogListEndpoint, adminLoginLogListEndpoint } from '@hamkke/contract/admin/logs';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery } from '../api/console-query.ts';
import { AdminButton, Pager } from './parts.tsx';
import { DataTable, type Column } from '../shell/list-panel.tsx';

const PAGE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;

type ActivityLog = AdminEndpointResponse<typeof adminActivityLogListEndpoint>['items'][number];
type LoginLog = AdminEndpointResponse<typeof adminLoginLogListEndpoint>['items'][number];
const c = m.logs.columns;

const activityColumns: readonly Column<ActivityLog>[] = [
  { header: c.at, cell: (log) => formatSeoulDateTime(log.createdAt) },
  { header: c.event, cell: (log) => log.eventType },
  {
    header: c.person,
    cell: (log) => (log.userId ? `${log.userId}${log.userName ? ` · ${log.userName}` : ''}` : '—'),
  },
  {
    header: c.detail,
    cell: (log) => `${log.statusCode} ${log.url ?? ''} ${log.errorReason ? `· ${log.errorReason}` : ''}`,
  },
  { header: c.source, cell: (log) => m.logs.sources[log.source] },
  { header: c.address, cell: (log) => log.ipAddress ?? '—' },
];

const loginColumns: readonly Column<LoginLog>[] = [
  { header: c.at, cell: (log) => formatSeoulDateTime(log.createdAt) },
  { header: c.person, cell: (log) => log.userId ?? '—' },
  { header: c.detail, cell: (log) => log.logdetail },
  { header: c.result, cell: (log) => m.logs.results[log.result] },
  { header: c.source, cell: (log) => m.logs.sources[log.source] },
  { header: c.address, cell: (log) => log.ipAddress ?? '—' },
];

/** Activity and login logs with filters (support); read only, newest first. */
export function LogsPage() {
  const [tab, setTab] = useState<'activity' | 'login'>('activity');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [userId, setUserId] = useState('');
  const [eventType, setEventType] = useState('');
  const [result, setResult] = useState<'' | 'Y' | 'N'>('');
  const [offset, setOffset] = useState(0);
  const fromId = useId();
  const toId = useId();
  const resultId = useId();
  const common = {
    offset,
    limit: PAGE,
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(ID.test(userId) ? { userId } : {}),
  };
  const activity = useQuery({
    ...consoleQuery(adminActivityLogListEndpoint, {
      ...common,
      ...(eventType.trim() ? { eventType: eventType.trim() } : {}),
    }),
    enabled: tab === 'activity',
  });
  const login = useQuery({
    ...consoleQuery(adminLoginLogListEndpoint, { ...common, ...(result ? { result } : {}) }),
    enabled: tab === 'login',
  });
  const current = tab === 'activity' ? activity : login;
  const reset = () => setOffset(0);

  return (
    <section aria-labelledby="logs-heading">
      <div className={styles.toolbar}>
        <h1 id="logs-heading" className={styles.heading}>
          {m.logs.heading}
        </h1>
        <div className={styles.actions} role="group" aria-label={m.logs.tabsLabel}>
          {(['activity', 'login'] as const).map((key) => (
            <AdminButton
              key={key}
              variant={tab === key ? 'primary' : 'secondary'}
              aria-pressed={tab === key}
              onClick={() => {
                setTab(key);
                reset();
              }}
            >
              {m.logs.tabs[key]}
            </AdminButton>
          ))}
        </div>
      </div>
      <div className={`${styles.card} ${styles.filters}`}>
        <label className={styles.label} htmlFor={fromId}>
          {m.logs.from}
          <input
            id={fromId}
            type="date"
            className={styles.input}
            value={from}
            onChange={(event) => (setFrom(event.target.value), reset())}
          />
        </label>
        <label className={styles.label} htmlFor={toId}>
          {m.logs.to}
          <input
            id={toId}
            type="date"
            className={styles.input}
            value={to}
            onChange={(event) => (setTo(event.target.value), reset())}
          />
        </label>
        <TextField
          label={m.logs.userId}
          value={userId}
          inputMode="numeric"
          onValueChange={(value) => {
            setUserId(value.replace(/\D/g, '').slice(0, 9));
            reset();
          }}
        />
        {tab === 'activity' ? (
          <TextField
            label={m.logs.eventType}
            value={eventType}
            onValueChange={(value) => {
              setEventType(value.toUpperCase());
              reset();
            }}
          />
        ) : (
          <label className={styles.label} htmlFor={resultId}>
            {m.logs.result}
            <select
              id={resultId}
              className={styles.select}
              value={result}
              onChange={(event) => {
                setResult(event.target.value === 'Y' || event.target.value === 'N' ? event.target.value : '');
                reset();
              }}
            >
              <option value="">{m.logs.all}</option>
              <option value="Y">{m.logs.results.Y}</option>
              <option value="N">{m.logs.results.N}</option>
            </select>
          </label>
        )}
      </div>
      <div className={styles.card}>
        {current.isPending ? (
          <p role="status">{m.loading}</p>
        ) : current.isError ? (
          <p role="alert">{m.failed}</p>
        ) : tab === 'activity' && activity.isSuccess ? (
          activity.data.items.length === 0 ? (
            <p>{m.logs.empty}</p>
          ) : (
            <DataTable rows={activity.data.items} rowKey={(log) => log.logId} columns={activityColumns} />
          )
        ) : login.isSuccess ? (
          login.data.items.length === 0 ? (
            <p>{m.logs.empty}</p>
          ) : (
            <DataTable rows={login.data.items} rowKey={(log) => log.logId} columns={loginColumns} />
          )
        ) : null}
        {current.isSuccess && (
          <Pager offset={offset} size={PAGE} total={current.data.total} onOffset={setOffset} />
        )}
      </div>
    </section>
  );
}
