import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function ActivePage() {
  return <ComingSoonPage title={messages.pages.active} />;
}

export function ActiveHistoryPage() {
  return <ComingSoonPage title={messages.pages.activeHistory} backTo="/active" />;
}
