import { adminActivityLogListEndpoint, adminLoginLogListEndpoint } from '@hamkke/contract/admin/logs';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery } from '../api/console-query.ts';
import { AdminButton, Pager } from './parts.tsx';

const PAGE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;

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
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{m.logs.columns.at}</th>
                  <th scope="col">{m.logs.columns.event}</th>
                  <th scope="col">{m.logs.columns.person}</th>
                  <th scope="col">{m.logs.columns.detail}</th>
                  <th scope="col">{m.logs.columns.source}</th>
                  <th scope="col">{m.logs.columns.address}</th>
                </tr>
              </thead>
              <tbody>
                {activity.data.items.map((log) => (
                  <tr key={log.logId}>
                    <td>{formatSeoulDateTime(log.createdAt)}</td>
                    <td>{log.eventType}</td>
                    <td>{log.userId ? `${log.userId}${log.userName ? ` · ${log.userName}` : ''}` : '—'}</td>
                    <td>
                      {log.statusCode} {log.url ?? ''} {log.errorReason ? `· ${log.errorReason}` : ''}
                    </td>
                    <td>{m.logs.sources[log.source]}</td>
                    <td>{log.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : login.isSuccess ? (
          login.data.items.length === 0 ? (
            <p>{m.logs.empty}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{m.logs.columns.at}</th>
                  <th scope="col">{m.logs.columns.person}</th>
                  <th scope="col">{m.logs.columns.detail}</th>
                  <th scope="col">{m.logs.columns.result}</th>
                  <th scope="col">{m.logs.columns.source}</th>
                  <th scope="col">{m.logs.columns.address}</th>
                </tr>
              </thead>
              <tbody>
                {login.data.items.map((log) => (
                  <tr key={log.logId}>
                    <td>{formatSeoulDateTime(log.createdAt)}</td>
                    <td>{log.userId ?? '—'}</td>
                    <td>{log.logdetail}</td>
                    <td>{m.logs.results[log.result]}</td>
                    <td>{m.logs.sources[log.source]}</td>
                    <td>{log.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : null}
        {current.isSuccess && (
          <Pager offset={offset} size={PAGE} total={current.data.total} onOffset={setOffset} />
        )}
      </div>
    </section>
  );
}
