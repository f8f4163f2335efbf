import { TriangleAlert } from 'lucide-react';
import { lastFailedRequestId } from '@/shared/api/last-failure.ts';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import styles from './unexpected-page.module.css';

/**
 * /unexpected, and what a screen that crashed shows instead (the 500 page). Its small print names the
 * request id of the last call that failed (a screen crashes mostly on a failed call), so a support
 * call can find that request in the server's log.
 */
export function UnexpectedPage() {
  const id = lastFailedRequestId();
  return (
    <Page title={messages.pages.unexpected}>
      <EmptyState
        icon={TriangleAlert}
        message={messages.empty.unexpected}
        action={{ label: messages.common.goHome, to: '/' }}
      >
        {id && <p className={styles.requestId}>{messages.errors.requestId(id)}</p>}
      </EmptyState>
    </Page>
  );
}
