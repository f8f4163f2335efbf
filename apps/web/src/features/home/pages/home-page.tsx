import { seoulDay } from '@hamkke/contract/seoul-day';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { missionListQueryOptions } from '@/shared/api/missions.ts';
import { rewardNoticeQueryOptions } from '@/shared/api/rewards.ts';
import { invitedCountQueryOptions } from '@/shared/api/teams.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { useDocumentTitle } from '@/shared/hooks/use-document-title.ts';
import { messages } from '@/shared/messages.ts';
import { accountTypeOf, useSessionStore } from '@/shared/stores/session-store.ts';
import { pinGateOf } from '@/shared/lib/pin-gate.ts';
import { useLocation } from '@/shared/routing/location.ts';
import { InvitationsCard } from '../components/invitations-card.tsx';
import { reportNoticesQueryOptions } from '@/shared/api/reports.ts';
import { loadRewardNoticeCard, RewardNotice, rewardNoticeCardLoaded } from '../components/reward-notice.tsx';
import { MissionsSkeleton, TodayMissions } from '../components/today-missions.tsx';
import { useHomeGreeting } from '../hooks/use-home-greeting.ts';
import { useStoredInvite } from '../hooks/use-stored-invite.ts';
import { popupListQueryOptions } from '../api/popups.ts';
import { newBadgesQueryOptions } from '@/shared/api/rewards.ts';
import type { FirstCalls } from '@/shared/api/first-calls.ts';
import styles from './home-page.module.css';
import { homeMessages } from '@/shared/messages/missions.ts';

// Only a person with a report outcome to read sees it (decision 045): loaded then.
const ReportNoticesCard = lazy(async () => ({
  default: (await import('../components/report-notices-card.tsx')).ReportNoticesCard,
}));

// Only a pin gate's redirect shows it: loaded then, not with every /home.
const PinGateNotice = lazy(async () => ({
  default: (await import('@/shared/ui/pin-gate-notice.tsx')).PinGateNotice,
}));

/** /home: greeting, today's date, a closed round's reward notice, today's missions, and one greeting popup. */
export function HomePage() {
  useDocumentTitle(messages.pages.home);
  useHomeGreeting();
  useStoredInvite();
  const name = useSessionStore((state) => state.userInfo?.alias || state.userInfo?.userNm || '');
  const child = useSessionStore(
    (state) => state.userInfo != null && accountTypeOf(state.userInfo) === 'CHILD',
  );
  const gated = pinGateOf(useLocation().search) !== null;
  const today = seoulDay();
  // The reward notice and the invitations card sit above the missions: until both are known, one
  // skeleton holds the place of all three, so neither appears above a list already drawn (a layout
  // shift Lighthouse saw).
  const notice = useQuery(rewardNoticeQueryOptions());
  const invited = useQuery(invitedCountQueryOptions());
  // The notice card's code comes beside the calls; while a notice waits for it, the skeleton stays
  // (a card suspending under the Suspense below would show its fallback for at least 300 ms).
  const [cardLoaded, setCardLoaded] = useState(rewardNoticeCardLoaded);
  useEffect(() => {
    if (cardLoaded) return;
    let current = true;
    loadRewardNoticeCard().then(
      () => current && setCardLoaded(true),
      // The Suspense below shows the card, or the page's error, once the notice is drawn.
      () => current && setCardLoaded(true),
    );
    return () => {
      current = false;
    };
  }, [cardLoaded]);
  const aboveLoading = notice.isLoading || invited.isLoading || (notice.data?.notice != null && !cardLoaded);
  // Today's missions are asked for with the two above, not after them (the list mounts once they are
  // known). With none today, the title does not promise them and says what brings them (issue 45
  // item 9).
  const noMissions = useQuery(missionListQueryOptions()).data?.missions.length === 0;
  const reportNotices = useQuery(reportNoticesQueryOptions());

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.date}>
          <time dateTime={today}>{formatShortDay(today)}</time>
        </p>
        <h1 className={styles.title}>
          {noMissions ? homeMessages.emptyTitle(name) : homeMessages.greeting(name)}
        </h1>
        <p className={styles.subtitle}>
          {noMissions
            ? child
              ? homeMessages.emptySubtitleChild
              : homeMessages.emptySubtitle
            : homeMessages.subtitle}
        </p>
      </header>
      {/* A pin gate sent the person here (`/?gate=…`, spec §5): it says why and offers 회원 인증. */}
      {gated && (
        <Suspense fallback={null}>
          <PinGateNotice />
        </Suspense>
      )}
      {aboveLoading ? (
        <MissionsSkeleton />
      ) : (
        // The same skeleton while the reward notice's card code comes (only when there is one).
        <Suspense fallback={<MissionsSkeleton />}>
          <RewardNotice />
          <InvitationsCard />
          <TodayMissions />
          {(reportNotices.data?.items.length ?? 0) > 0 && (
            <Suspense fallback={null}>
              <ReportNoticesCard />
            </Suspense>
          )}
        </Suspense>
      )}
    </div>
  );
}

/**
 * /home's calls, started with the frame's before its first render (app/start-first-calls.ts): what gates
 * the page first, then its popups.
 */
HomePage.firstCalls = (() => [
  rewardNoticeQueryOptions(),
  invitedCountQueryOptions(),
  missionListQueryOptions(),
  popupListQueryOptions(),
  newBadgesQueryOptions(),
]) satisfies FirstCalls;
