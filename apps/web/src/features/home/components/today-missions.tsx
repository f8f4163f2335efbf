import type { DayMission, Photo } from '@hamkke/contract/mission/mission';
import { useQuery } from '@tanstack/react-query';
import { PartyPopper, Sprout } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { certificationsOnQueryOptions, missionListQueryOptions } from '@/shared/api/missions.ts';
import { messages } from '@/shared/messages.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { shimmerClass } from '@/shared/ui/skeleton.tsx';
import { groupMissions, progressOf } from '../certify-rules.ts';
import { useCertifyQueueItems } from '../offline/queue-state.ts';
import { MissionCard } from './mission-card.tsx';
import styles from './today-missions.module.css';
import { homeMessages, missionMessages } from '@/shared/messages/missions.ts';

type SheetState = { mode: 'certify' | 'view'; mission: DayMission; opening: number } | null;

let openings = 0;

// The two sheets (Base UI's dialog, the photo picker, the editor: about 35 KB gzip) are not part of
// /home's first load, nor evaluated while the page is idle (a long task on a slow phone, decision 049):
// their code comes when a finger or the keyboard reaches a mission card, before the tap that opens one
// (the app's service worker holds it after the first visit, decision 046).
const loadCertifySheet = () => import('./certify-sheet.tsx');
const loadCertificationSheet = () => import('./certification-sheet.tsx');
let sheetsRequested = false;
function loadSheets(): void {
  if (sheetsRequested) return;
  sheetsRequested = true;
  void loadCertifySheet().catch(() => (sheetsRequested = false));
  void loadCertificationSheet().catch(() => (sheetsRequested = false));
}
const CertifySheet = lazy(async () => ({ default: (await loadCertifySheet()).CertifySheet }));
const CertificationSheet = lazy(async () => ({
  default: (await loadCertificationSheet()).CertificationSheet,
}));

/** Today's missions, grouped 챌린지 / 상시, with the sheets to certify and to see a certification. */
export function TodayMissions() {
  const list = useQuery(missionListQueryOptions());
  const date = list.data?.date ?? '';
  const anyCertified = list.data?.missions.some((mission) => mission.certificationId !== null) ?? false;
  const certifications = useQuery({ ...certificationsOnQueryOptions(date), enabled: anyCertified });
  const queued = useCertifyQueueItems();
  const [sheet, setSheet] = useState<SheetState>(null);
  const [sheetOpen, setSheetOpen] = useState(false);

  if (list.isPending) return <MissionsSkeleton />;
  if (list.isError)
    return <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;

  const { missions } = list.data;
  if (missions.length === 0) {
    return (
      <EmptyState
        icon={Sprout}
        message={homeMessages.noMissions}
        action={{ label: homeMessages.browseChallenges, to: '/challenge' }}
      />
    );
  }

  const thumbnailOf = (mission: DayMission): Photo | null =>
    certifications.data?.certifications.find((c) => c.certificationId === mission.certificationId)
      ?.photos[0] ?? null;
  const open = (mode: 'certify' | 'view', mission: DayMission) => {
    openings += 1;
    setSheet({ mode, mission, opening: openings });
    setSheetOpen(true);
  };
  const total = progressOf(missions);
  // The sheet follows the list: after certifying, the same mission shows its new state.
  const sheetMission = sheet
    ? (missions.find((mission) => mission.missionId === sheet.mission.missionId) ?? sheet.mission)
    : null;

  return (
    <>
      <section className={styles.progress} aria-labelledby="today-progress">
        <h2 id="today-progress" className={styles.progressTitle}>
          {homeMessages.progressTitle}
        </h2>
        <ul className={styles.progressList}>
          {groupMissions(missions).map((group) => {
            const { certified, total: count } = progressOf(group.missions);
            return (
              <li key={group.type} className={styles.progressRow}>
                <span className={styles.progressLabel}>{missionMessages.groupShort[group.type]}</span>
                <span className={styles.bar} aria-hidden="true">
                  <span className={styles.fill} style={{ width: `${(certified / count) * 100}%` }} />
                </span>
                <span className={styles.progressCount} aria-hidden="true">
                  {certified}/{count}
                </span>
                <span className="visually-hidden">
                  {homeMessages.progressLine(missionMessages.groupShort[group.type], certified, count)}
                </span>
              </li>
            );
          })}
        </ul>
        {total.certified === total.total && (
          <p className={styles.allDone}>
            <PartyPopper aria-hidden="true" size={18} />
            {homeMessages.allDone}
          </p>
        )}
      </section>

      {groupMissions(missions).map((group) => {
        const titles = [...new Set(group.missions.map((mission) => mission.challengeTitle))];
        const headingId = `missions-${group.type}`;
        return (
          <section key={group.type} className={styles.group} aria-labelledby={headingId}>
            <div className={styles.groupHead}>
              <h2 id={headingId} className={styles.groupTitle}>
                {missionMessages.group[group.type]}
              </h2>
              <p className={styles.groupCaption}>{titles.join(', ')}</p>
            </div>
            <ul className={styles.cards} onPointerDown={loadSheets} onFocus={loadSheets}>
              {group.missions.map((mission) => (
                <li key={mission.missionId}>
                  <MissionCard
                    mission={mission}
                    thumbnail={thumbnailOf(mission)}
                    queued={queued?.some((item) => item.missionId === mission.missionId && item.day === date)}
                    onCertify={() => open('certify', mission)}
                    onOpenCertification={() => open('view', mission)}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <Suspense fallback={null}>
        {sheet && sheetMission && sheet.mode === 'certify' && (
          <CertifySheet
            key={sheet.opening}
            mission={sheetMission}
            open={sheetOpen}
            onOpenChange={setSheetOpen}
          />
        )}
        {sheet && sheetMission && sheet.mode === 'view' && (
          <CertificationSheet
            key={sheet.opening}
            mission={sheetMission}
            date={date}
            open={sheetOpen}
            onOpenChange={setSheetOpen}
          />
        )}
      </Suspense>
    </>
  );
}

/** Today's missions while they load (also /home's while the notices above them load). */
export function MissionsSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-label={messages.common.loading}>
      <span className={`${shimmerClass} ${styles.skeletonProgress}`} />
      {Array.from({ length: 4 }, (_, index) => (
        <span key={index} className={`${shimmerClass} ${styles.skeletonCard}`} />
      ))}
    </div>
  );
}
