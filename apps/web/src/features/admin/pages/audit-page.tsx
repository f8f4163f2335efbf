import { auditListEndpoint } from '@hamkke/contract/admin/audit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery } from '../api/console-query.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { Pager, LoadedView } from './parts.tsx';

const PAGE = 20;

/** The audit log, newest first: read only (the database refuses changes to it). */
export function AuditPage() {
  const [offset, setOffset] = useState(0);
  const list = useQuery(consoleQuery(auditListEndpoint, { offset, limit: PAGE }));
  return (
    <section aria-labelledby="audit-heading">
      <div className={styles.toolbar}>
        <h1 id="audit-heading" className={styles.heading}>
          {m.audit.heading}
        </h1>
      </div>
      <div className={styles.card}>
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={m.audit.empty}>
          {(data) => (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{m.audit.columns.at}</th>
                  <th scope="col">{m.audit.columns.operator}</th>
                  <th scope="col">{m.audit.columns.action}</th>
                  <th scope="col">{m.audit.columns.target}</th>
                  <th scope="col">{m.audit.columns.address}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.auditId}>
                    <td>{formatSeoulDateTime(entry.createdAt)}</td>
                    <td>{entry.operatorLoginId}</td>
                    <td>{entry.action}</td>
                    <td>{entry.target}</td>
                    <td>{entry.address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </LoadedView>
        {list.isSuccess && <Pager offset={offset} size={PAGE} total={list.data.total} onOffset={setOffset} />}
      </div>
    </section>
  );
}
