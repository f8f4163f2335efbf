import { lazy, Suspense } from 'react';
import { messages } from '@/shared/messages.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { ActivityTimeline } from '../components/activity-timeline.tsx';
import { MissionLog } from '../components/mission-log.tsx';
import { StreakCard } from '../components/streak-card.tsx';
import { TodaySummary } from '../components/today-summary.tsx';
import { activeMessages } from '@/shared/messages/active.ts';

// The calendar is its own chunk: only the activity pages load it.
const ActivityCalendar = lazy(() => import('../components/activity-calendar.tsx'));

function CalendarFallback() {
  return <Skeleton heading lines={6} label={messages.common.loading} />;
}

/** /active (green theme): today's progress, the streak and badges, the month calendar, the timeline. */
export function ActivePage() {
  return (
    <Page title={messages.pages.active}>
      <TodaySummary />
      <StreakCard />
      <Suspense fallback={<CalendarFallback />}>
        <ActivityCalendar />
      </Suspense>
      <ButtonLink to="/active/history" variant="secondary" block>
        {activeMessages.toHistory}
      </ButtonLink>
      <ActivityTimeline />
    </Page>
  );
}

/** /active/history: the calendar, the activity timeline and every certification, newest first. */
export function ActiveHistoryPage() {
  return (
    <Page title={messages.pages.activeHistory} backTo="/active">
      <Suspense fallback={<CalendarFallback />}>
        <ActivityCalendar />
      </Suspense>
      <ActivityTimeline />
      <MissionLog />
    </Page>
  );
}
