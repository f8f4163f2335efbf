import { Compass } from 'lucide-react';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Page } from '@/shared/ui/page.tsx';

export function NotFoundPage() {
  return (
    <Page title={messages.pages.notFound}>
      <EmptyState
        icon={Compass}
        message={messages.empty.notFound}
        action={{ label: messages.common.goHome, to: '/' }}
      />
    </Page>
  );
}
