import {
  missionCountByMonthEndpoint,
  missionInfoByDateEndpoint,
  missionListEndpoint,
  missionStatusByMonthEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { userScope } from './user-scope.ts';

/**
 * Mission queries shared by the home page (today's missions, certifying), the activity calendar and
 * the history. Every key starts with `mission` and the signed-in person, so one invalidation refreshes
 * all of them after a certification is made or deleted, and one person never reads another's.
 */
export const missionKeys = {
  all: ['mission'] as const,
  mine: () => [...missionKeys.all, userScope()] as const,
  today: () => [...missionKeys.mine(), 'today'] as const,
  day: (date: string) => [...missionKeys.mine(), 'day', date] as const,
  month: (month: string) => [...missionKeys.mine(), 'month', month] as const,
  monthCount: (month: string) => [...missionKeys.mine(), 'month-count', month] as const,
  log: () => [...missionKeys.mine(), 'log'] as const,
};

/** Today's (Seoul) missions with their certification state. */
export function missionListQueryOptions() {
  return queryOptions({
    queryKey: missionKeys.today(),
    queryFn: ({ signal }) => callApi(missionListEndpoint, {}, { signal }),
  });
}

/** The person's certifications of one day, with photos and text. */
export function certificationsOnQueryOptions(date: string) {
  return queryOptions({
    queryKey: missionKeys.day(date),
    queryFn: ({ signal }) => callApi(missionInfoByDateEndpoint, { date }, { signal }),
  });
}

/** Per day of a `YYYY-MM` month: certified and possible missions (the calendar marks). */
export function monthStatusQueryOptions(month: string) {
  return queryOptions({
    queryKey: missionKeys.month(month),
    queryFn: ({ signal }) => callApi(missionStatusByMonthEndpoint, { month }, { signal }),
  });
}

/** The month's totals: certifications and certified days. */
export function monthCountQueryOptions(month: string) {
  return queryOptions({
    queryKey: missionKeys.monthCount(month),
    queryFn: ({ signal }) => callApi(missionCountByMonthEndpoint, { month }, { signal }),
  });
}

/**
 * Today's certified/total for the challenge and the always program, and how many missions the
 * person has today: one call (today's missions), the same answer the three count calls give.
 */
export function todayProgressQueryOptions() {
  return queryOptions({
    ...missionListQueryOptions(),
    select: ({ missions }) => {
      const of = (type: 'challenge' | 'always') => {
        const list = missions.filter((mission) => mission.challengeType === type);
        return { total: list.length, certified: list.filter((mission) => mission.certified).length };
      };
      return { challenge: of('challenge'), always: of('always'), participating: missions.length };
    },
  });
}

/** After a certification is made or deleted: every mission query is stale. */
export function invalidateMissionQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: missionKeys.all });
}
