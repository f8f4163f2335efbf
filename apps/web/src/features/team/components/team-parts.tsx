import type { FamilyGroup, TeamMember, TeamSummary } from '@hamkke/contract/team/team';
import { formatShortDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import styles from './team.module.css';

const m = messages.team;

/** "11월 26일 (목) ~ 12월 16일 (수)", or "…부터 계속" for an always round. */
export function periodText(startDate: string, endDate: string | null): string {
  return messages.challenge.period(
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
        {messages.challenge.state[team.roundState]}
      </span>
    </div>
  );
}

export function ProgressBar({
  label,
  certified,
  possible,
}: {
  label: string;
  certified: number;
  possible: number;
}) {
  const percent = percentOf(certified, possible);
  return (
    <div>
      <p className={styles.meta}>
        {label} · {certified}/{possible} ({m.percent(percent)})
      </p>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.progressBar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function MemberLine({ member }: { member: TeamMember }) {
  return (
    <li className={`${styles.row} ${member.isMe ? styles.rowMine : ''}`}>
      <div className={styles.grow}>
        <p className={styles.body}>
          {member.alias}
          {member.isMe && ` (${m.me})`}
        </p>
        <p className={styles.meta}>
          {member.role === 'MANAGER' ? m.role.MANAGER : member.userType === 'CHILD' ? m.child : m.role.MEMBER}
        </p>
      </div>
      <span
        className={`${styles.badge} ${member.todayMissionCount > 0 && member.todayCertified >= member.todayMissionCount ? styles.badgeSuccess : ''}`}
      >
        {m.todayState(member.todayCertified, member.todayMissionCount)}
      </span>
    </li>
  );
}

/** Members grouped by family ("하늘맘네 가족"), each with today's certification state. */
export function FamilyList({ families, level = 3 }: { families: readonly FamilyGroup[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.list}>
      {families.map((family) => (
        <li key={family.familyId} className={styles.card}>
          <Heading className={styles.cardTitle}>{m.family(family.parentAlias)}</Heading>
          <ul className={styles.list}>
            {family.members.map((member) => (
              <MemberLine key={member.teamMbrId} member={member} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
