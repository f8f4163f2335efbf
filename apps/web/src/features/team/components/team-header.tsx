import type { TeamSummary } from '@hamkke/contract/team/team';
import type { ReactNode } from 'react';
import { percentOf, periodText } from './team-parts.tsx';
import styles from './team-detail.module.css';
import { challengeMessages } from '@/shared/messages/team.ts';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';
import { ProgressBar } from '@/shared/ui/progress-bar.tsx';

const m = teamDetailMessages;

/** The team's card: emoji, name, round, period and state, then its description and facts. */
export function TeamHeader({ team, children }: { team: TeamSummary; children?: ReactNode }) {
  const running = team.roundState === 'running';
  return (
    <section className={styles.card} aria-labelledby="team-name">
      <div className={styles.headerTop}>
        <span className={styles.emoji} aria-hidden="true">
          {team.emoji}
        </span>
        <div className={styles.grow}>
          <h2 id="team-name" className={styles.teamName}>
            {team.name}
          </h2>
          <p className={styles.meta}>{team.roundTitle}</p>
          <p className={styles.meta}>{periodText(team.startDate, team.endDate)}</p>
        </div>
      </div>
      {team.description !== '' && (
        <p className={styles.description}>
          <span className="visually-hidden">{m.aboutTeam}: </span>
          {team.description}
        </p>
      )}
      <ul className={styles.chips}>
        <li className={`${styles.chip} ${running ? styles.chipBrand : ''}`}>
          {challengeMessages.state[team.roundState]}
        </li>
        <li className={styles.chip}>{challengeMessages.typeLabel[team.challengeType]}</li>
        <li className={styles.chip}>{m.memberCount(team.memberCount, team.maxUser)}</li>
        <li className={styles.chip}>{m.managerIs(team.managerAlias)}</li>
      </ul>
      {children}
    </section>
  );
}

/** One labelled bar: "오늘 팀 인증 3 / 8 (38%)". */
export function ProgressLine({
  label,
  certified,
  possible,
}: {
  label: string;
  certified: number;
  possible: number;
}) {
  const percent = percentOf(certified, possible);
  const text = possible === 0 ? m.progressNone : m.progressValue(certified, possible, percent);
  return (
    <ProgressBar
      value={percent}
      label={label}
      labelClassName={styles.progressLabel}
      valueText={text}
      className={styles.progress}
      trackClassName={styles.progressTrack}
      indicatorClassName={styles.progressIndicator}
    >
      <span className={styles.progressValue} aria-hidden="true">
        {possible === 0 ? '–' : `${certified}/${possible} · ${percent}%`}
      </span>
    </ProgressBar>
  );
}
