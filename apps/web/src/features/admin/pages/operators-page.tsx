import { operatorListEndpoint, operatorUnlockEndpoint } from '@hamkke/contract/admin/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminButton, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

/**
 * The operators (admin only): each id's sign-in lock after failed sign-ins from any address, and
 * the button that lifts it (decision 030). Operators are made with `npm run operator:create`.
 */
export function OperatorsPage() {
  const o = m.operators;
  const ask = useConfirm();
  const [message, setMessage] = useState<string | null>(null);
  const list = useQuery(consoleQuery(operatorListEndpoint, {}));
  const unlock = useConsoleMutation(operatorUnlockEndpoint);
  return (
    <section aria-labelledby="operators-heading">
      <div className={styles.toolbar}>
        <h1 id="operators-heading" className={styles.heading}>
          {o.heading}
        </h1>
      </div>
      <div className={styles.card}>
        <p className={styles.muted}>{o.note}</p>
        {unlock.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        {message && (
          <p role="status" className={styles.result}>
            {message}
          </p>
        )}
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={o.empty}>
          {(data) => (
            <div className={styles.scroll}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{o.columns.loginId}</th>
                    <th scope="col">{o.columns.role}</th>
                    <th scope="col">{o.columns.lastLoginAt}</th>
                    <th scope="col">{o.columns.lock}</th>
                    <th scope="col">{o.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((operator) => {
                    const waiting = operator.lockedUntil !== null || operator.failures > 0;
                    return (
                      <tr key={operator.operatorId}>
                        <td className={styles.nowrap}>{operator.loginId}</td>
                        <td className={styles.nowrap}>{m.roles[operator.role] ?? operator.role}</td>
                        <td className={styles.nowrap}>
                          {operator.lastLoginAt ? formatSeoulDateTime(operator.lastLoginAt) : o.never}
                        </td>
                        <td>
                          {operator.lockedUntil
                            ? o.lockedUntil(formatSeoulDateTime(operator.lockedUntil))
                            : o.unlocked}
                          {operator.failures > 0 && (
                            <span className={styles.muted}> · {o.failures(operator.failures)}</span>
                          )}
                        </td>
                        <td>
                          {waiting && (
                            <AdminButton
                              variant="secondary"
                              aria-label={o.unlockLabel(operator.loginId)}
                              disabled={unlock.isPending}
                              onClick={() =>
                                void ask({
                                  title: o.confirmUnlock(operator.loginId),
                                  confirmLabel: o.unlock,
                                }).then(
                                  (yes) =>
                                    yes &&
                                    unlock.mutate(
                                      { operatorId: operator.operatorId },
                                      { onSuccess: () => setMessage(o.done(operator.loginId)) },
                                    ),
                                )
                              }
                            >
                              {o.unlock}
                            </AdminButton>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </LoadedView>
      </div>
    </section>
  );
}
