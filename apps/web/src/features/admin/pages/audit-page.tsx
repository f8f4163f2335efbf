import { auditListEndpoint } from '@hamkke/contract/admin/audit';
import { useState } from 'react';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { callAdmin } from '../api.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { Pager, useLoad, LoadedView } from './parts.tsx';

const PAGE = 20;

/** The audit log, newest first: read only (the database refuses changes to it). */
export function AuditPage() {
  const [offset, setOffset] = useState(0);
  const { loaded: list } = useLoad(() => callAdmin(auditListEndpoint, { offset, limit: PAGE }), [offset]);
  return (
    <section aria-labelledby="audit-heading">
      <div className={styles.toolbar}>
        <h1 id="audit-heading" className={styles.heading}>
          {m.audit.heading}
        </h1>
      </div>
      <div className={styles.card}>
        <LoadedView loaded={list} isEmpty={(data) => data.items.length === 0} empty={m.audit.empty}>
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
        {list.state === 'done' && (
          <Pager offset={offset} size={PAGE} total={list.data.total} onOffset={setOffset} />
        )}
      </div>
    </section>
  );
}
