import type { TeamSummary } from '@hamkke/contract/team/team';
import { formatShortDay } from '@/shared/format/date.ts';
import styles from './team.module.css';
import { challengeMessages } from '@/shared/messages/team.ts';

/** "11월 26일 (목) ~ 12월 16일 (수)", or "…부터 계속" for an always round. */
export function periodText(startDate: string, endDate: string | null): string {
  return challengeMessages.period(
    formatShortDay(startDate) ?? startDate,
    endDate ? (formatShortDay(endDate) ?? endDate) : null,
  );
}

export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** The team's emoji, name, round and state. */
export function TeamHeading({ team, level = 2 }: { team: TeamSummary; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.cardHeader}>
      <span className={styles.emoji} aria-hidden="true">
        {team.emoji}
      </span>
      <div className={styles.grow}>
        <Heading className={styles.cardTitle}>{team.name}</Heading>
        <p className={styles.meta}>
          {team.roundTitle} · {periodText(team.startDate, team.endDate)}
        </p>
      </div>
      <span className={`${styles.badge} ${team.roundState === 'running' ? styles.badgeBrand : ''}`}>
        {challengeMessages.state[team.roundState]}
      </span>
    </div>
  );
}
