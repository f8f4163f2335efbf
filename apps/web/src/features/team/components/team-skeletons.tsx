import type { CSSProperties } from 'react';
import { messages } from '@/shared/messages.ts';
import { shimmerClass } from '@/shared/ui/skeleton.tsx';
import styles from './team-detail.module.css';

function Bar({ width, height = 14, radius }: { width: number | string; height?: number; radius?: number }) {
  const style: CSSProperties = { width, height, ...(radius !== undefined ? { borderRadius: radius } : {}) };
  return <span className={shimmerClass} style={style} />;
}

/** A member row while it loads: avatar, two lines, a chip. */
function RowSkeleton() {
  return (
    <div className={styles.skeletonRow}>
      <Bar width={40} height={40} radius={20} />
      <div className={`${styles.grow} ${styles.skeletonLines}`}>
        <Bar width="45%" />
        <Bar width="25%" height={12} />
      </div>
      <Bar width={64} height={22} radius={11} />
    </div>
  );
}

/** Rows shaped like a member or ranking list. */
export function RowsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label={messages.common.loading}>
      {Array.from({ length: rows }, (_, index) => (
        <RowSkeleton key={index} />
      ))}
    </div>
  );
}

/** The team page while it loads: header card, progress, actions, a family. */
export function TeamDetailSkeleton() {
  return (
    <div className={styles.stack} role="status" aria-label={messages.common.loading}>
      <div className={styles.card}>
        <div className={styles.headerTop}>
          <Bar width={56} height={56} radius={18} />
          <div className={`${styles.grow} ${styles.skeletonLines}`}>
            <Bar width="60%" height={22} />
            <Bar width="80%" height={12} />
          </div>
        </div>
        <Bar width="90%" />
        <Bar width="70%" height={10} radius={5} />
        <Bar width="100%" height={10} radius={5} />
      </div>
      <div className={styles.actions}>
        <Bar width="100%" height={48} radius={12} />
        <Bar width="100%" height={48} radius={12} />
      </div>
      <div className={styles.family}>
        <Bar width="40%" height={18} />
        <RowSkeleton />
        <RowSkeleton />
      </div>
    </div>
  );
}

/** The management page while it loads: a form card and a list. */
export function ManagementSkeleton() {
  return (
    <div className={styles.stack} role="status" aria-label={messages.common.loading}>
      <div className={styles.card}>
        <Bar width="30%" height={20} />
        <Bar width="100%" height={48} radius={12} />
        <Bar width="100%" height={48} radius={12} />
        <Bar width="100%" height={52} radius={12} />
      </div>
      <div className={styles.card}>
        <Bar width="80%" height={20} />
        <Bar width="80%" height={20} />
      </div>
      <RowsSkeleton rows={3} />
    </div>
  );
}
