import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { SearchX, Sparkles } from 'lucide-react';
import { useParams } from '@/shared/routing/location.ts';
import { ApiError } from '@/shared/api/api-error.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { LOGIN_PATH } from '@/shared/lib/login-path.ts';
import type { SharedDay } from '@/shared/lib/share.ts';
import { messages } from '@/shared/messages.ts';
import { ButtonLink } from '@/shared/ui/button.tsx';
import { CertificationView } from '@/shared/ui/certification-view.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { useLoggedIn } from '@/shared/stores/session-store.ts';
import { sharedDayQueryOptions } from '../api/shared.ts';
import { sharedDayFrom } from '../shared-rules.ts';
import styles from './shared-mission-page.module.css';
import { sharedMessages } from '@/shared/messages/missions.ts';

/**
 * "신고" for signed-in viewers only (decision 045): its own chunk, out of the page's first load (most
 * who open a shared link are not signed in).
 */
const ReportButton = lazy(async () => ({
  default: (await import('@/shared/report/report-button.tsx')).ReportButton,
}));

/** /mission/shared/{uuid}/{date}: one person's certifications of a day, open to anyone. */
export function SharedMissionPage() {
  const params = useParams();
  return <SharedDayView title={messages.pages.missionShared} day={sharedDayFrom(params)} />;
}

/** /challenge/shared/{challengeId}/{uuid}/{date}: the same day, only that challenge's missions. */
export function SharedChallengeMissionPage() {
  const params = useParams();
  return <SharedDayView title={messages.pages.challengeShared} day={sharedDayFrom(params)} />;
}

function StartCta() {
  return (
    <aside className={styles.cta} aria-labelledby="shared-cta">
      <h2 id="shared-cta" className={styles.ctaTitle}>
        {sharedMessages.ctaTitle}
      </h2>
      <p className={styles.ctaBody}>{sharedMessages.ctaBody}</p>
      <ButtonLink to={LOGIN_PATH} block>
        {sharedMessages.cta}
      </ButtonLink>
    </aside>
  );
}

/** Shows only what the share link is for: the alias, the day and its certifications. */
function SharedDayView({ title, day }: { title: string; day: SharedDay | null }) {
  const loggedIn = useLoggedIn();
  const shared = useQuery({
    ...sharedDayQueryOptions(day ?? { uuid: '', date: '' }),
    enabled: day !== null,
    retry: false,
  });

  const notFound = (
    <EmptyState icon={SearchX} message={sharedMessages.notFound}>
      <p className={styles.notFoundBody}>{sharedMessages.notFoundBody}</p>
    </EmptyState>
  );
  let content;
  let description: string | undefined;
  if (day === null) content = notFound;
  else if (shared.isPending) content = <Skeleton heading lines={5} label={messages.common.loading} />;
  else if (shared.isError)
    content =
      shared.error instanceof ApiError &&
      (shared.error.code === 'NOT_FOUND' || shared.error.code === 'VALIDATION_FAILED') ? (
        notFound
      ) : (
        <ErrorState error={shared.error} onRetry={() => void shared.refetch()} retrying={shared.isFetching} />
      );
  else {
    const { alias, date, certifications } = shared.data;
    const dayText = formatShortDay(date) ?? date;
    description = sharedMessages.intro(alias, dayText);
    content =
      certifications.length === 0 ? (
        <EmptyState icon={Sparkles} message={sharedMessages.emptyDay} />
      ) : (
        <>
          <p className={styles.summary}>{sharedMessages.count(certifications.length)}</p>
          <ul className={styles.list}>
            {certifications.map((certification) => (
              <li key={certification.certificationId}>
                <CertificationView certification={certification} headingLevel={2}>
                  {loggedIn && (
                    <Suspense fallback={null}>
                      <ReportButton
                        certificationId={certification.certificationId}
                        missionTitle={certification.missionTitle}
                        shareUuid={day.uuid}
                      />
                    </Suspense>
                  )}
                </CertificationView>
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <Page title={title} description={description}>
      {content}
      {/* Once the day is in: drawn under a skeleton, the call to action would jump down (layout shift). */}
      {(day === null || !shared.isPending) && <StartCta />}
    </Page>
  );
}
