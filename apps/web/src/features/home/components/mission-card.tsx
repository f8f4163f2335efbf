import type { DayMission, Photo } from '@hamkke/contract/mission/mission';
import { CheckCircle2, EyeOff } from 'lucide-react';
import { useId } from 'react';
import styles from './mission-card.module.css';
import { missionMessages } from '@/shared/messages/missions.ts';
import { moderationMessages } from '@/shared/messages/moderation.ts';
import { MissionIcon } from '@/shared/ui/app-icons.tsx';

interface MissionCardProps {
  mission: DayMission;
  /** The first photo of today's certification, when there is one. */
  thumbnail: Photo | null;
  /** Its certification is kept on this device, waiting for a connection (decision 048). */
  queued?: boolean;
  onCertify: () => void;
  onOpenCertification: () => void;
}

/** One of today's missions: what it asks, and either "인증하기" or its certified state. */
export function MissionCard({
  mission,
  thumbnail,
  queued,
  onCertify,
  onOpenCertification,
}: MissionCardProps) {
  const titleId = useId();
  const waiting = queued && !mission.certified;
  return (
    <article
      className={styles.card}
      data-certified={mission.certified || undefined}
      aria-labelledby={titleId}
    >
      <span className={styles.icon} aria-hidden="true">
        <MissionIcon icon={mission.icon} size={24} />
      </span>
      <div className={styles.main}>
        <h3 id={titleId} className={styles.title}>
          {mission.title}
        </h3>
        <div className={styles.meta}>
          <span className={styles.chip}>{missionMessages.proofType[mission.proofType]}</span>
          {mission.certified && (
            <span className={styles.certified}>
              <CheckCircle2 aria-hidden="true" size={16} strokeWidth={2.5} />
              {missionMessages.certified}
            </span>
          )}
          {waiting && <span className={styles.queued}>{missionMessages.queued}</span>}
          {mission.hidden && (
            <span className={styles.hidden}>
              <EyeOff aria-hidden="true" size={16} strokeWidth={2.5} />
              {moderationMessages.hiddenChip}
            </span>
          )}
        </div>
      </div>
      {/* A hidden certification is still the author's to see (and why), but not done: it does not count. */}
      {mission.certified || mission.hidden ? (
        <button
          type="button"
          className={styles.view}
          onClick={onOpenCertification}
          aria-label={missionMessages.viewCertification(mission.title)}
        >
          <span className={styles.thumb}>
            {thumbnail ? (
              <img src={thumbnail.thumbnailUrl} alt="" loading="lazy" decoding="async" />
            ) : (
              <span className={styles.thumbIcon} aria-hidden="true">
                <MissionIcon icon={mission.icon} size={22} />
              </span>
            )}
          </span>
          <span className={styles.viewLabel}>{missionMessages.view}</span>
        </button>
      ) : waiting ? null : (
        <button type="button" className={styles.certify} onClick={onCertify}>
          <span className="visually-hidden">{mission.title} </span>
          {missionMessages.certify}
        </button>
      )}
    </article>
  );
}
