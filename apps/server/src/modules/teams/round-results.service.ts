import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  claimRoundClose,
  findMemberResult,
  findPendingRewardNotice,
  findTeamResult,
  raiseRewardNotices,
  countFrozenResults,
  findRoundsToClose,
  insertFrozenMembers,
  insertFrozenTeams,
} from './round-results.repository.ts';
import { rankTeamsOfRound } from './team-scores.repository.ts';
import { epochDay, memberWindow } from './team-view.ts';
import { findMissionsOfRounds, findRounds } from './teams.repository.ts';

/**
 * A round's final standings, frozen when it closes: teams by completion rate (ties: size, then
 * creation), members of each team by certifications (equal counts share a place). Computed from the
 * kept counters as of the round's last day, written once (primary keys; a repeat writes nothing)
 * and counted back, so every run of the close sees the same standings.
 */
export function createRoundResultsService(deps: { db: Kysely<Database> }) {
  return {
    roundsToClose: (today: string) => findRoundsToClose(deps.db, today),
    round: async (subChallengeId: number) => (await findRounds(deps.db, { subChallengeId }))[0] ?? null,
    claim: claimRoundClose,
    teamResult: (teamId: number) => findTeamResult(deps.db, teamId),
    memberResult: (subChallengeId: number, userId: number) =>
      findMemberResult(deps.db, subChallengeId, userId),
    pendingRewardNotice: (userId: number) => findPendingRewardNotice(deps.db, userId),

    /**
     * Rewards were paid (in the payout's transaction): each holder's reward notice shows again, and
     * a child's parent's in the same team, so the family reads what is paid now (decision 066).
     */
    async rewardsPaid(
      trx: Kysely<Database>,
      event: { rewards: readonly { userId: number; teamId: number }[]; at: string },
    ) {
      const byTeam = new Map<number, number[]>();
      for (const reward of event.rewards)
        byTeam.set(reward.teamId, [...(byTeam.get(reward.teamId) ?? []), reward.userId]);
      for (const [teamId, userIds] of byTeam)
        await raiseRewardNotices(trx, { teamId, userIds: [...new Set(userIds)], at: event.at });
    },

    /**
     * Freezes a round's standings (rows already there stay) and answers what they hold: the teams
     * as the live ranking places them, the members in one statement (decision 055).
     */
    async freeze(trx: Kysely<Database>, subChallengeId: number, thresholdPct: number) {
      const [round] = await findRounds(trx, { subChallengeId });
      if (!round || round.end_date === null) throw new Error(`round ${subChallengeId} has no end to close`);
      const missions = await findMissionsOfRounds(trx, [subChallengeId]);
      const teams = await rankTeamsOfRound(trx, {
        subChallengeId,
        missionCount: missions.length,
        toEpoch: epochDay(round.end_date),
        today: null,
        limit: Number.MAX_SAFE_INTEGER,
        mineTeamId: 0,
      });
      await insertFrozenTeams(
        trx,
        subChallengeId,
        teams.map((row) => ({
          teamId: row.id,
          rank: row.place,
          certified: row.cert_count,
          possible: row.possible,
          memberCount: row.member_count,
        })),
      );
      const end = round.end_date;
      await insertFrozenMembers(trx, {
        subChallengeId,
        missionCount: missions.length,
        // A challenge round's window does not depend on when a member joined.
        roundPossible:
          round.challenge_type === 'always'
            ? null
            : (memberWindow({ ...round, end_date: end }, '', end)?.days ?? 0) * missions.length,
        startDate: round.start_date,
        endDate: end,
      });
      return countFrozenResults(trx, subChallengeId, thresholdPct);
    },
  };
}
export type RoundResultsService = ReturnType<typeof createRoundResultsService>;
