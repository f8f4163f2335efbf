import { lazy, Suspense } from 'react';
import { messages } from '@/shared/messages.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { MissionLog } from '../components/mission-log.tsx';
import { TodaySummary } from '../components/today-summary.tsx';

// The calendar is its own chunk: only the activity pages load it.
const ActivityCalendar = lazy(() => import('../components/activity-calendar.tsx'));

function CalendarFallback() {
  return <Skeleton heading lines={6} label={messages.common.loading} />;
}

/** /active (green theme): today's progress, the month calendar and the picked day's certifications. */
export function ActivePage() {
  return (
    <Page title={messages.pages.active}>
      <TodaySummary />
      <Suspense fallback={<CalendarFallback />}>
        <ActivityCalendar />
      </Suspense>
      <ButtonLink to="/active/history" variant="secondary" block>
        {messages.active.toHistory}
      </ButtonLink>
    </Page>
  );
}

/** /active/history: the calendar and every certification, newest first. */
export function ActiveHistoryPage() {
  return (
    <Page title={messages.pages.activeHistory} backTo="/active">
      <Suspense fallback={<CalendarFallback />}>
        <ActivityCalendar />
      </Suspense>
      <MissionLog />
    </Page>
  );
}
