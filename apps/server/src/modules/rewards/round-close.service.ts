import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import type { RoundResultsService } from '../teams/round-results.service.ts';
import type { BadgesService } from './badges.service.ts';
import { completionRewardName } from './completion-name.ts';
import { insertRoundMedals, insertRoundRewards, type RoundReward } from './rewards.repository.ts';

export interface CloseOutcome {
  subChallengeId: number;
  /** False: another run (here or on another server) had closed it. */
  closed: boolean;
  teams: number;
  members: number;
  medals: number;
  rewarded: number;
}

/**
 * 기수 마감: when a challenge round's last (Seoul) day has passed, its results are frozen and its
 * medals, rewards and badges granted — once. One transaction: the claim on the round first (a row
 * keyed by the round), then the standings snapshot, medals (unique award keys), the reward ledger
 * (unique per round, person and kind), completion badges and the reward notices. A second run, on
 * this server or another, finds the claim and grants nothing; a failed run leaves nothing behind.
 */
export function createRoundCloseService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  roundResults: RoundResultsService;
  badges: BadgesService;
  /** `roundClosed` is announced in the close's transaction (its members are pushed, decision 047). */
  events?: DomainEvents;
}) {
  const { db, roundResults } = deps;

  async function close(subChallengeId: number, by: string): Promise<CloseOutcome> {
    const round = await roundResults.round(subChallengeId);
    const outcome = { subChallengeId, closed: false, teams: 0, members: 0, medals: 0, rewarded: 0 };
    // Only once its last Seoul day is over: a running round is never closed early.
    if (!round || round.end_date === null || round.end_date >= seoulToday(deps.clock)) return outcome;
    const at = deps.clock().toISOString();
    // Inside a caller's transaction (the demo seed) it joins that one.
    const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
      db.isTransaction ? work(db) : db.transaction().execute(work);
    return inTransaction(async (trx) => {
      if (!(await roundResults.claim(trx, { subChallengeId, now: at, by }))) return outcome;
      const frozen = await roundResults.freeze(trx, subChallengeId, round.reward_threshold_pct);
      await deps.events?.emit(trx, 'roundClosed', { subChallengeId, at });

      // Medals, the reward ledger and completion badges: set-based from the frozen standings, a
      // statement each however many members (decision 052).
      await insertRoundMedals(trx, subChallengeId, at);
      const rewards: RoundReward[] = [];
      if (round.paid_reward_amount > 0) {
        rewards.push({
          kind: 'PAID',
          unit: round.paid_reward_unit,
          amount: round.paid_reward_amount,
          item_name: round.paid_reward_item,
          status: 'PENDING',
        });
      }
      if (round.traffic_reward_mb > 0) {
        rewards.push({
          kind: 'TRAFFIC',
          unit: 'MB',
          amount: round.traffic_reward_mb,
          item_name: '',
          status: 'PENDING',
        });
      }
      // The badges reward is the completion badge itself: granted now, so already paid.
      rewards.push({
        kind: 'BADGES',
        unit: 'BADGE',
        amount: 1,
        item_name: completionRewardName(round.challenge_title, round.title),
        status: 'PAID',
      });
      await insertRoundRewards(trx, {
        subChallengeId,
        thresholdPct: round.reward_threshold_pct,
        rewards,
        at,
      });
      // Completion badges for everyone the badges reward went to, in one statement.
      await deps.badges.evaluateMany(trx, { rewardedInRound: subChallengeId }, ['CHALLENGE_COMPLETED'], at);
      // The reward notices show from the close itself: no member row is written (decision 055).
      return { subChallengeId, closed: true, ...frozen };
    });
  }

  return {
    close,
    /** Closes every round whose last day has passed and which no run has closed yet. */
    async closeDue(today: string, by: string): Promise<CloseOutcome[]> {
      const outcomes = [];
      for (const id of await roundResults.roundsToClose(today)) outcomes.push(await close(id, by));
      return outcomes;
    },
  };
}
export type RoundCloseService = ReturnType<typeof createRoundCloseService>;
