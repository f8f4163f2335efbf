import { useParams } from 'react-router';
import { formatShortDay } from '../../../shared/format/date.ts';
import { messages } from '../../../shared/messages.ts';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

/** /mission/shared/{uuid}/{date}: one person's certifications of a day, open to anyone. */
export function SharedMissionPage() {
  const { date = '' } = useParams();
  const day = formatShortDay(date);
  return (
    <ComingSoonPage
      title={messages.pages.missionShared}
      description={day === null ? undefined : messages.empty.sharedDay(day)}
    />
  );
}
