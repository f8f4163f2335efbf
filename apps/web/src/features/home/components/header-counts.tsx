import { useQuery } from '@tanstack/react-query';
import { formatCount, formatUserCount } from '@/shared/format/count.ts';
import { messages } from '@/shared/messages.ts';
import { countsQueryOptions } from '../api/counts.ts';
import styles from './header-counts.module.css';

/**
 * "누적 인증 1.2만 · 가족 1,234명 · 오늘 56건". A failed fetch shows nothing: spec §8 keeps count
 * failures in the console (the API client already logged it).
 */
export function HeaderCounts() {
  const counts = useQuery(countsQueryOptions());

  if (counts.isPending) return <span className={styles.placeholder} aria-hidden="true" />;
  if (counts.isError) return null;

  const { totalMissionCnt, totalUserCnt, todayMissionCertificationCount } = counts.data;
  return (
    <p className={styles.counts}>
      {messages.header.counts(
        formatCount(totalMissionCnt),
        formatUserCount(totalUserCnt),
        formatCount(todayMissionCertificationCount),
      )}
    </p>
  );
}
