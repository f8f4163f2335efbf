import { Sprout } from 'lucide-react';
import { messages } from '../../../shared/messages.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Page } from '../../../shared/ui/page.tsx';

/** /home: today's missions arrive with the mission feature; until then, an honest empty state. */
export function HomePage() {
  return (
    <Page title={messages.pages.home}>
      <EmptyState
        icon={Sprout}
        message={messages.empty.comingSoon}
        action={{ label: messages.home.browseChallenges, to: '/challenge' }}
      />
    </Page>
  );
}
