import type { DomainEvents } from '../../lib/domain-events.ts';
import { medalOf } from '@hamkke/contract/reward/rewards';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seoulToday, type Clock } from '../../lib/clock.ts';
import type { RoundResultsService } from '../teams/round-results.service.ts';
import type { BadgesService } from './badges.service.ts';
import { completionRewardName } from './completion-name.ts';
import { reachesThreshold } from './reward-views.ts';
import { insertMedals, insertRewards, type NewMedal, type NewReward } from './rewards.repository.ts';

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
      const standings = await roundResults.freeze(trx, subChallengeId);
      await deps.events?.emit(trx, 'roundClosed', {
        subChallengeId,
        userIds: [...new Set(standings.members.map((member) => member.userId))],
        at,
      });

      const medals: NewMedal[] = [];
      for (const team of standings.teams) {
        const medal = medalOf(team.rank);
        if (medal) {
          medals.push({
            awardKey: `TEAM:${subChallengeId}:${team.teamId}`,
            subChallengeId,
            teamId: team.teamId,
            userId: null,
            scope: 'TEAM',
            medal,
            rank: team.rank,
            at,
          });
        }
      }
      const rewards: NewReward[] = [];
      const rewarded = new Set<number>();
      for (const member of standings.members) {
        const medal = medalOf(member.rank);
        if (medal && member.certified > 0) {
          medals.push({
            awardKey: `MEMBER:${subChallengeId}:${member.teamId}:${member.userId}`,
            subChallengeId,
            teamId: member.teamId,
            userId: member.userId,
            scope: 'MEMBER',
            medal,
            rank: member.rank,
            at,
          });
        }
        if (!reachesThreshold(member.certified, member.possible, round.reward_threshold_pct)) continue;
        rewarded.add(member.userId);
        const common = {
          sub_challenge_id: subChallengeId,
          team_id: member.teamId,
          user_id: member.userId,
          rate_permille: Math.floor((Math.min(member.certified, member.possible) * 1000) / member.possible),
          granted_at: at,
        };
        if (round.paid_reward_amount > 0) {
          rewards.push({
            ...common,
            kind: 'PAID',
            unit: round.paid_reward_unit,
            amount: round.paid_reward_amount,
            item_name: round.paid_reward_item,
            status: 'PENDING',
          });
        }
        if (round.traffic_reward_mb > 0) {
          rewards.push({
            ...common,
            kind: 'TRAFFIC',
            unit: 'MB',
            amount: round.traffic_reward_mb,
            item_name: '',
            status: 'PENDING',
          });
        }
        // The badges reward is the completion badge itself: granted now, so already paid.
        rewards.push({
          ...common,
          kind: 'BADGES',
          unit: 'BADGE',
          amount: 1,
          item_name: completionRewardName(round.challenge_title, round.title),
          status: 'PAID',
        });
      }
      await insertMedals(trx, medals);
      await insertRewards(trx, rewards);
      // Completion badges for everyone the badges reward went to, in one statement (decision 052).
      await deps.badges.evaluateMany(trx, { rewardedInRound: subChallengeId }, ['CHALLENGE_COMPLETED'], at);
      await roundResults.announce(trx, subChallengeId);
      return {
        subChallengeId,
        closed: true,
        teams: standings.teams.length,
        members: standings.members.length,
        medals: medals.length,
        rewarded: rewarded.size,
      };
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
