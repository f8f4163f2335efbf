import { operatorListEndpoint, operatorUnlockEndpoint } from '@hamkke/contract/admin/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { ActionButton, ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen, StatusLine } from '../shell/screen.tsx';

/**
 * The operators (admin only): each id's sign-in lock after failed sign-ins from any address, and
 * the button that lifts it (decision 030). Operators are made with `npm run operator:create`.
 */
export function OperatorsPage() {
  const o = m.operators;
  const [message, setMessage] = useState<string | null>(null);
  const list = useQuery(consoleQuery(operatorListEndpoint, {}));
  const unlock = useConsoleMutation(operatorUnlockEndpoint);
  return (
    <AdminScreen headingId="operators-heading" heading={o.heading}>
      <ListPanel
        query={list}
        empty={o.empty}
        note={<p className={styles.muted}>{o.note}</p>}
        failed={unlock.error !== null}
        status={<StatusLine text={message} />}
        scroll
        rowKey={(operator) => operator.operatorId}
        columns={[
          { header: o.columns.loginId, className: styles.nowrap, cell: (operator) => operator.loginId },
          {
            header: o.columns.role,
            className: styles.nowrap,
            cell: (operator) => m.roles[operator.role] ?? operator.role,
          },
          {
            header: o.columns.lastLoginAt,
            className: styles.nowrap,
            cell: (operator) => (operator.lastLoginAt ? formatSeoulDateTime(operator.lastLoginAt) : o.never),
          },
          {
            header: o.columns.lock,
            cell: (operator) => (
              <>
                {operator.lockedUntil ? o.lockedUntil(formatSeoulDateTime(operator.lockedUntil)) : o.unlocked}
                {operator.failures > 0 && (
                  <span className={styles.muted}> · {o.failures(operator.failures)}</span>
                )}
              </>
            ),
          },
          {
            header: o.columns.actions,
            cell: (operator) =>
              (operator.lockedUntil !== null || operator.failures > 0) && (
                <ActionButton
                  variant="secondary"
                  label={o.unlock}
                  aria-label={o.unlockLabel(operator.loginId)}
                  disabled={unlock.isPending}
                  ask={{ title: o.confirmUnlock(operator.loginId), confirmLabel: o.unlock }}
                  onAct={() =>
                    unlock.mutate(
                      { operatorId: operator.operatorId },
                      { onSuccess: () => setMessage(o.done(operator.loginId)) },
                    )
                  }
                />
              ),
          },
        ]}
      />
    </AdminScreen>
  );
}
