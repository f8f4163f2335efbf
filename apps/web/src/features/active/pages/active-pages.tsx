import { seoulDay } from '@hamkke/contract/seoul-day';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import {
  certificationsOnQueryOptions,
  monthCountQueryOptions,
  monthStatusQueryOptions,
  todayProgressQueryOptions,
} from '@/shared/api/missions.ts';
import { messages } from '@/shared/messages.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { ActivityTimeline } from '../components/activity-timeline.tsx';
import { MissionLog } from '../components/mission-log.tsx';
import { StreakCard } from '../components/streak-card.tsx';
import { TodaySummary } from '../components/today-summary.tsx';
import { activeMessages } from '@/shared/messages/active.ts';
import { activitySummaryQueryOptions } from '../api/activity.ts';
import { monthOf } from '../calendar-rules.ts';

// The calendar is its own chunk: only the activity pages load it.
const loadCalendar = () => import('../components/activity-calendar.tsx');
const ActivityCalendar = lazy(loadCalendar);

function CalendarFallback() {
  return <Skeleton heading lines={6} label={messages.common.loading} />;
}

function FirstScreenFallback() {
  return <Skeleton heading lines={14} label={messages.common.loading} />;
}

/**
 * Whether what /active's first screen shows is known: today's progress, the streak, this month's
 * calendar and today's certifications (each settled, an error included). Until then one skeleton holds
 * the place of all of them, so nothing drawn moves down when a later answer comes (Lighthouse saw a
 * layout shift of 0.18–0.31 when each section swapped its own small skeleton for its content).
 */
function useFirstScreenKnown(): boolean {
  const today = seoulDay();
  const month = monthOf(today);
  useEffect(() => void loadCalendar(), []);
  return [
    useQuery(todayProgressQueryOptions()),
    useQuery(activitySummaryQueryOptions()),
    useQuery(monthStatusQueryOptions(month)),
    useQuery(monthCountQueryOptions(month)),
    useQuery(certificationsOnQueryOptions(today)),
  ].every((query) => !query.isPending);
}

/** /active (green theme): today's progress, the streak and badges, the month calendar, the timeline. */
export function ActivePage() {
  const known = useFirstScreenKnown();
  return (
    <Page title={messages.pages.active}>
      {known ? (
        <Suspense fallback={<FirstScreenFallback />}>
          <TodaySummary />
          <StreakCard />
          <ActivityCalendar />
          <ButtonLink to="/active/history" variant="secondary" block>
            {activeMessages.toHistory}
          </ButtonLink>
          <ActivityTimeline />
        </Suspense>
      ) : (
        <FirstScreenFallback />
      )}
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
