import type { Certification } from '@hamkke/contract/mission/mission';
import type { ReactNode } from 'react';
import { formatSeoulTime } from '../format/date.ts';
import { moderationMessages } from '../messages/moderation.ts';
import styles from './certification-view.module.css';
import { PhotoGallery } from './photo-gallery.tsx';
import { certificationMessages } from '@/shared/messages/missions.ts';
import { MissionIcon } from './app-icons.tsx';

type ShownCertification = Omit<Certification, 'deletable' | 'hiddenReason'> & {
  /** Only the author's own views carry it (shared pages never show a hidden one). */
  hiddenReason?: string | null;
};

interface CertificationViewProps {
  certification: ShownCertification;
  /** The title's heading level, to fit the page's outline. */
  headingLevel?: 2 | 3;
  /** Actions under the content (share, delete). */
  children?: ReactNode;
}

/**
 * One certification: mission, time, photos and text. The text is the server's HTML, sanitized to
 * an allow-list of tags without attributes before it was stored, so it is shown as it is.
 */
export function CertificationView({ certification, headingLevel = 3, children }: CertificationViewProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { missionTitle, icon, createdAt, photos, contentHtml, hiddenReason } = certification;
  return (
    <article className={styles.card}>
      <header className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <MissionIcon icon={icon} size={22} />
        </span>
        <Heading className={styles.title}>{missionTitle}</Heading>
        <time className={styles.time} dateTime={createdAt}>
          {certificationMessages.certifiedAt(formatSeoulTime(createdAt))}
        </time>
      </header>
      {hiddenReason ? (
        <p className={styles.hidden} role="note">
          {moderationMessages.hiddenCertification(hiddenReason)}
        </p>
      ) : null}
      <PhotoGallery photos={photos} subject={missionTitle} />
      {contentHtml !== '' && (
        <div className={styles.text} dangerouslySetInnerHTML={{ __html: contentHtml }} />
      )}
      {children}
    </article>
  );
}
