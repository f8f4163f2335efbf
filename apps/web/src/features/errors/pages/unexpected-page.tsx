import { TriangleAlert } from 'lucide-react';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';

/** /unexpected, and what a screen that crashed shows instead (the 500 page). */
export function UnexpectedPage() {
  return (
    <Page title={messages.pages.unexpected}>
      <EmptyState
        icon={TriangleAlert}
        message={messages.empty.unexpected}
        action={{ label: messages.common.goHome, to: '/' }}
      />
    </Page>
  );
}
