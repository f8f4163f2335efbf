import { useQuery } from '@tanstack/react-query';
import { formatRewardAmount, formatRewardState, percentOfRate } from '@/shared/format/reward.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { teamResultsQueryOptions } from '../api/team-queries.ts';
import { RowsSkeleton } from './team-skeletons.tsx';
import styles from './team-results.module.css';
import { rewardMessages } from '@/shared/messages/rewards.ts';

const r = rewardMessages;

/** An ended round's results on its team page: the team's place, medals, my family's rewards. */
export function TeamResults({ teamId }: { teamId: string }) {
  const results = useQuery(teamResultsQueryOptions(teamId));
  return (
    <section className={styles.card} aria-labelledby="team-results">
      <h2 id="team-results" className={styles.heading}>
        {r.resultsTitle}
      </h2>
      <QueryState query={results} loading={<RowsSkeleton rows={2} />}>
        {(data) =>
          !data.closed ? (
            <p className={styles.text}>{r.resultsPending}</p>
          ) : (
            <>
              <p className={styles.place}>{r.resultsTeamRank(data.teamRank ?? 0, data.teamCount)}</p>
              <p className={styles.text}>
                {r.resultsRate(percentOfRate(data.completionRate), percentOfRate(data.rewardThreshold))}
              </p>
              {data.medals.length > 0 && (
                <>
                  <h3 className={styles.subheading}>{r.resultsMedals}</h3>
                  <ul className={styles.chips}>
                    {data.medals.map((award) => (
                      <li key={award.medalId}>
                        <button
                          type="button"
                          className={styles.chip}
                          onClick={() => openPopup({ kind: 'medal', payload: { award } })}
                        >
                          <span aria-hidden="true">{r.medalEmoji[award.medal]}</span>{' '}
                          {r.medalScope(award.scope, award.rank, award.alias)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <h3 className={styles.subheading}>{r.resultsRewards}</h3>
              {data.rewards.length === 0 ? (
                <p className={styles.text}>{r.resultsNoRewards}</p>
              ) : (
                <ul className={styles.chips}>
                  {data.rewards.map((reward) => (
                    <li key={reward.rewardId}>
                      <button
                        type="button"
                        className={styles.chip}
                        onClick={() =>
                          openPopup(
                            reward.kind === 'TRAFFIC'
                              ? { kind: 'trafficReward', payload: { reward } }
                              : { kind: 'paidReward', payload: { reward } },
                          )
                        }
                      >
                        {reward.alias} · {formatRewardAmount(reward)} · {formatRewardState(reward)}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
