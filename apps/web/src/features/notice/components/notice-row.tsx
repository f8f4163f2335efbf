import type { NoticeListItem } from '@hamkke/contract/home/notices';
import { ChevronRight, Pin } from 'lucide-react';
import { Link } from '@/shared/routing/link.tsx';
import { formatSeoulDate } from '@/shared/format/date.ts';
import { noticeDetailPath } from '../notice-rules.ts';
import styles from './notice-row.module.css';
import { noticeMessages } from '@/shared/messages/content.ts';

/** A notice in the list: pin, title, "N" when it is new, and its date. */
export function NoticeRow({ notice, pinned = false }: { notice: NoticeListItem; pinned?: boolean }) {
  return (
    <Link className={styles.row} to={noticeDetailPath(notice.noticeId)} data-pinned={pinned || undefined}>
      <span className={styles.main}>
        <span className={styles.titleLine}>
          {pinned && (
            <span className={styles.pin}>
              <Pin aria-hidden="true" size={14} />
              <span className="visually-hidden">{noticeMessages.pinnedChip}</span>
            </span>
          )}
          <span className={styles.title}>{notice.title}</span>
          {notice.isNew && (
            <span className={styles.newBadge} data-new-badge="">
              <span aria-hidden="true">N</span>
              <span className="visually-hidden">{noticeMessages.newLabel}</span>
            </span>
          )}
        </span>
        <time className={styles.date} dateTime={notice.publishedAt}>
          {formatSeoulDate(notice.publishedAt)}
        </time>
      </span>
      <ChevronRight aria-hidden="true" size={18} className={styles.chevron} />
    </Link>
  );
}
