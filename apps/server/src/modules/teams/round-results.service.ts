import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  announceResults,
  claimRoundClose,
  findMemberResult,
  findPendingRewardNotice,
  findTeamResult,
  findFrozenResults,
  findMembersOfRound,
  findRoundsToClose,
  insertFrozenResults,
  type RoundStandings,
} from './round-results.repository.ts';
import { rankTeamsOfRound } from './team-scores.repository.ts';
import { epochDay, memberWindow, placeScores } from './team-view.ts';
import { findMissionsOfRounds, findRounds } from './teams.repository.ts';

/**
 * A round's final standings, frozen when it closes: teams by completion rate (ties: size, then
 * creation), members of each team by certifications (ties: who got there first). Computed from the
 * kept counters as of the round's last day, written once (primary keys; a repeat writes nothing)
 * and read back, so every run of the close sees the same standings.
 */
export function createRoundResultsService(deps: { db: Kysely<Database> }) {
  return {
    roundsToClose: (today: string) => findRoundsToClose(deps.db, today),
    round: async (subChallengeId: number) => (await findRounds(deps.db, { subChallengeId }))[0] ?? null,
    claim: claimRoundClose,
    announce: announceResults,
    teamResult: (teamId: number) => findTeamResult(deps.db, teamId),
    memberResult: (subChallengeId: number, userId: number) =>
      findMemberResult(deps.db, subChallengeId, userId),
    pendingRewardNotice: (userId: number) => findPendingRewardNotice(deps.db, userId),

    async freeze(trx: Kysely<Database>, subChallengeId: number): Promise<RoundStandings> {
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
      const members = await findMembersOfRound(trx, subChallengeId);
      const byTeam = new Map<number, typeof members>();
      for (const member of members)
        byTeam.set(member.team_id, [...(byTeam.get(member.team_id) ?? []), member]);
      const memberRows: RoundStandings['members'] = [];
      for (const [teamId, list] of byTeam) {
        const placed = placeScores(
          list.map((member, order) => ({
            member,
            order,
            score: { count: member.cert_count, lastAt: member.last_cert_at },
          })),
        );
        for (const { entry, rank } of placed) {
          const window = memberWindow(
            { challenge_type: round.challenge_type, start_date: round.start_date, end_date: round.end_date },
            entry.member.joined_at,
            round.end_date,
          );
          memberRows.push({
            teamId,
            userId: entry.member.user_id,
            rank,
            certified: entry.member.cert_count,
            possible: (window?.days ?? 0) * missions.length,
          });
        }
      }
      await insertFrozenResults(trx, subChallengeId, {
        teams: teams.map((row) => ({
          teamId: row.id,
          rank: row.place,
          certified: row.cert_count,
          possible: row.possible,
          memberCount: row.member_count,
        })),
        members: memberRows,
      });
      return findFrozenResults(trx, subChallengeId);
    },
  };
}
export type RoundResultsService = ReturnType<typeof createRoundResultsService>;
