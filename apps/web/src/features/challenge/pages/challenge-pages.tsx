import { useParams } from 'react-router';
import { formatShortDay } from '../../../shared/format/date.ts';
import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function ChallengePage() {
  return <ComingSoonPage title={messages.pages.challenge} />;
}

export function ChallengeHistoryPage() {
  return <ComingSoonPage title={messages.pages.challengeHistory} backTo="/challenge" />;
}

/** /challenge/shared/{challengeId}/{uuid}/{date}: a day of one challenge, open to anyone. */
export function SharedChallengeMissionPage() {
  const { date = '' } = useParams();
  const day = formatShortDay(date);
  return (
    <ComingSoonPage
      title={messages.pages.challengeShared}
      description={day === null ? undefined : messages.empty.sharedDay(day)}
    />
  );
}
