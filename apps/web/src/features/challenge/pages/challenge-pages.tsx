import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function ChallengePage() {
  return <ComingSoonPage title={messages.pages.challenge} />;
}

export function ChallengeHistoryPage() {
  return <ComingSoonPage title={messages.pages.challengeHistory} backTo="/challenge" />;
}
