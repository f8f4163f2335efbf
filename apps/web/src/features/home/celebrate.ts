import type { AchievedBadge } from '@hamkke/contract/user/badges';
import type { QueryClient } from '@tanstack/react-query';
import { missionListQueryOptions } from '@/shared/api/missions.ts';
import { activitySummaryQueryOptions, markBadgesSeen, newBadgesQueryOptions } from '@/shared/api/rewards.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';

/** The badges are reported seen once the popup that showed them closes: they never pop again. */
function markSeenOnClose(queryClient: QueryClient, badges: AchievedBadge[]): (() => void) | undefined {
  if (badges.length === 0) return undefined;
  return () => {
    // At once, not when the server answers: a visit to /home meanwhile must not greet with them again.
    const ids = new Set(badges.map((badge) => badge.badgeId));
    queryClient.setQueryData(newBadgesQueryOptions().queryKey, (answer) =>
      answer ? { ...answer, badges: answer.badges.filter((badge) => !ids.has(badge.badgeId)) } : answer,
    );
    void markBadgesSeen(
      queryClient,
      badges.map((badge) => badge.badgeId),
    ).catch((error: unknown) => console.error('[badges] marking seen failed', error));
  };
}

/** The badges reward popup (spec §2) for new badges. */
export function openBadgesPopup(queryClient: QueryClient, badges: AchievedBadge[]): void {
  openPopup({ kind: 'badgesReward', payload: { badges }, onClose: markSeenOnClose(queryClient, badges) });
}

/**
 * Right after a certification succeeded and today's missions were read again (decision 025): the
 * day's last certification gets the all-done moment, with the streak and any badge it earned; any
 * other certification that earned a badge gets the badges popup. Both wait behind the certify sheet
 * (the popup host holds popups while a sheet is open) and open as it closes. `sentAt` is when the
 * certification was sent (`Date.now()`).
 */
export async function celebrateCertification(queryClient: QueryClient, sentAt: number): Promise<void> {
  const missions = queryClient.getQueryData(missionListQueryOptions().queryKey)?.missions ?? [];
  const allDone = missions.length > 0 && missions.every((mission) => mission.certified);
  const key = newBadgesQueryOptions().queryKey;
  // A read of the new badges still on its way (the greeting's, sent before this certification) is let
  // finish first: joined, as `fetchQuery` joins a fetch in flight, its answer could not hold the badge
  // this certification earned, and the moment (and the reminders' offer) would be missed.
  const inFlight = queryClient.getQueryCache().find({ queryKey: key })?.promise;
  if (inFlight) await inFlight.catch(() => undefined);
  // Each badge is answered once. A read the server took after this certification was stored (the
  // greeting's, late on a slow network, or a closing popup's report) may have been answered this
  // certification's badge already: the greeting shows it, and it still counts for the offer below.
  const answered = queryClient.getQueryState(key);
  const answeredSince = answered && answered.dataUpdatedAt >= sentAt ? (answered.data?.badges ?? []) : [];
  const [badges, summary] = await Promise.all([
    queryClient
      .fetchQuery({ ...newBadgesQueryOptions(), staleTime: 0 })
      .then((answer) => answer.badges)
      .catch((error: unknown) => {
        console.warn('[badges] new badges could not be read', error);
        return [];
      }),
    allDone
      ? queryClient.fetchQuery({ ...activitySummaryQueryOptions(), staleTime: 0 }).catch(() => null)
      : null,
  ]);
  // A person's first certification (its badge is earned with it): the moment reminders are offered.
  // Loaded only then: no first load carries the offer.
  if ([...answeredSince, ...badges].some((badge) => badge.kind === 'FIRST_CERTIFICATION'))
    void import('@/shared/push/push-offer-card.tsx').then((offer) => offer.offerPush());
  if (allDone) {
    openPopup({
      kind: 'allDone',
      payload: { streak: summary?.streak.current ?? null, badges },
      onClose: markSeenOnClose(queryClient, badges),
    });
  } else if (badges.length > 0) {
    openBadgesPopup(queryClient, badges);
  }
}
