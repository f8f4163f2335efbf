import type { InvitePreview } from '@hamkke/contract/team/team-join';
import { formatShortDay } from '@/shared/format/date.ts';
import { challengeMessages, teamMessages } from '@/shared/messages/team.ts';
import styles from './invite-preview-card.module.css';

/**
 * An invite link's team as anyone holding the link may see it (decision 022): who invited them to
 * what, the round and its days, the manager and the free seats. The login page shows it to a
 * logged-out visitor; the accept screen to a signed-in one.
 */
export function InvitePreviewCard({ preview, inviter }: { preview: InvitePreview; inviter?: string }) {
  const from = formatShortDay(preview.startDate) ?? preview.startDate;
  const to = preview.endDate ? (formatShortDay(preview.endDate) ?? preview.endDate) : null;
  return (
    <section className={styles.card} aria-labelledby="invite-preview-title">
      <p id="invite-preview-title" className={styles.headline}>
        {teamMessages.invitedBy(inviter ?? preview.managerAlias, preview.name)}
      </p>
      <div className={styles.team}>
        <span className={styles.emoji} aria-hidden="true">
          {preview.emoji}
        </span>
        <div className={styles.grow}>
          <p className={styles.name}>{preview.name}</p>
          <p className={styles.meta}>{preview.roundTitle}</p>
          <p className={styles.meta}>{challengeMessages.period(from, to)}</p>
        </div>
      </div>
      <div className={styles.badges}>
        <span className={styles.badge}>{teamMessages.inviteManager(preview.managerAlias)}</span>
        <span className={`${styles.badge} ${styles.badgeBrand}`}>
          {teamMessages.seats(preview.seatsLeft)}
        </span>
      </div>
    </section>
  );
}
