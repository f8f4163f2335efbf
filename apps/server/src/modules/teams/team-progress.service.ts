import { medalOf } from '@hamkke/contract/reward/rewards';
import { TEAM_RANK_TOP, type TeamRank } from '@hamkke/contract/team/team-read';
import { createHotValues } from '../../lib/hot-value.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { daysOf, epochDay, memberWindow, scoringWindow, stateOf } from './team-view.ts';
import {
  countPerDay,
  findFrozenTeamRanks,
  isRoundClosed,
  rankPlacesOfRound,
  rateOfPlace,
  type TeamPlace,
  type TeamRankInput,
} from './team-scores.repository.ts';
import { findMembers, findMissionsOfRound } from './teams.repository.ts';
import type { TeamsService } from './teams.service.ts';

type Ranking = Awaited<ReturnType<typeof rankPlacesOfRound>>;
type TopRow = Ranking['top'][number];

/** A round's ranking as every reader needs it: the first rows in order, and any team's place by its key. */
interface Standings {
  top: TopRow[];
  /**
   * The first rows as the answer lists them for a team not among them (no row is the caller's): one
   * frozen array shared by those readers' answers, so it is serialized once (decision 054).
   */
  topEntries: readonly TeamRank[];
  places: Map<number, TeamPlace>;
  total: number;
}

function entryOf(row: TopRow, mineId: number): TeamRank {
  return {
    teamId: row.public_id,
    name: row.name,
    emoji: row.emoji,
    memberCount: row.member_count,
    rate: Math.round(row.rate * 1000) / 1000,
    rank: row.place,
    rankChange: row.previous_place - row.place,
    medal: null,
    isMine: row.id === mineId,
  };
}

/** Sorted out once per computed ranking, so a reader's answer is a look-up. */
function standingsOf(ranking: Ranking): Standings {
  return {
    top: ranking.top,
    topEntries: Object.freeze(firstRows(ranking.top.map((row) => Object.freeze(entryOf(row, 0))))),
    places: ranking.places,
    total: ranking.total,
  };
}

/** The first rows in ranked order: a place shared by thousands of teams is not sent whole. */
function firstRows(entries: TeamRank[]): TeamRank[] {
  return entries.filter((entry) => entry.rank <= TEAM_RANK_TOP).slice(0, TEAM_RANK_TOP);
}

function rateOf(certified: number, possible: number): number {
  return possible > 0 ? Math.round(Math.min(1, certified / possible) * 1000) / 1000 : 0;
}

function rankResponse(
  subChallengeId: number,
  teams: readonly TeamRank[],
  mine: TeamRank,
  totalTeams: number,
  final: boolean,
) {
  return { subChallengeId: String(subChallengeId), teams: teams as TeamRank[], mine, totalTeams, final };
}

/** How a team does against the round: the team ranking of a round and a team's day strip. */
export function createTeamProgressService(deps: TeamsDeps & { reads: TeamsService }) {
  const { db } = deps;
  const { today } = clockTools(deps.clock);
  /**
   * A round's whole ranking, reused for `rankingCacheMs` (5 s by default): a round of thousands of
   * teams is ranked once per few seconds per server, not once per reader; one computation is shared
   * by the readers who ask meanwhile. Only a derived view: a few seconds behind at most. Once half its
   * time is gone, the next ranking is computed beside it while readers are still answered with it
   * (decision 054): under steady reading nobody waits for the ranking query, and an answer is never
   * more than `rankingCacheMs` behind (a reader past that waits, as before).
   */
  const rankings = createHotValues<Standings>(deps.rankingCacheMs, deps.clock, {
    refreshAfterMs: deps.rankingCacheMs / 2,
  });
  async function rankedRound(
    input: Omit<TeamRankInput, 'limit' | 'mineTeamId'>,
    mineTeamId: number,
  ): Promise<Standings> {
    // Not reused: only the first rows and the caller's place leave the database.
    if (deps.rankingCacheMs === 0)
      return standingsOf(await rankPlacesOfRound(db, { ...input, limit: TEAM_RANK_TOP, mineTeamId }));
    const key = `${input.subChallengeId}:${input.toEpoch}:${input.today ?? ''}:${input.missionCount}`;
    return rankings.get(key, async () =>
      standingsOf(await rankPlacesOfRound(db, { ...input, limit: TEAM_RANK_TOP, mineTeamId: null })),
    );
  }

  return {
    /**
     * 팀 순위: 지금까지 가능한 인증 대비 한 인증의 비율, 같으면 인원이 많은 팀, 그다음 먼저 만든 팀.
     * Read from the teams' kept counters in one ranked query (the top places and the caller's
     * team); a closed round answers its frozen results with medals.
     */
    async teamRanks(access: TeamAccess) {
      const team = await deps.reads.teamOf(access);
      const day = today();
      const subChallengeId = team.sub_challenge_id;
      if (stateOf(team, day) === 'ended' && (await isRoundClosed(db, subChallengeId))) {
        const frozen = await findFrozenTeamRanks(db, {
          subChallengeId,
          limit: TEAM_RANK_TOP,
          mineTeamId: team.id,
        });
        // A team the close did not see (made after it, by hand) has no frozen place: ranked live below.
        if (frozen.rows.some((row) => row.id === team.id)) {
          const entries = frozen.rows.map((row) => ({
            teamId: row.public_id,
            name: row.name,
            emoji: row.emoji,
            memberCount: row.member_count,
            rate: rateOf(row.certified, row.possible),
            rank: row.rank,
            rankChange: 0,
            medal: medalOf(row.rank),
            isMine: row.id === team.id,
          }));
          const mine = entries.find((entry) => entry.isMine)!;
          return rankResponse(subChallengeId, firstRows(entries), mine, frozen.total, true);
        }
      }
      const window = scoringWindow(team, day);
      const input = {
        subChallengeId,
        missionCount: window ? Number(team.mission_count ?? 0) : 0,
        toEpoch: epochDay(window?.to ?? day),
        today: window && window.to === day ? day : null,
      };
      let standings = await rankedRound(input, team.id);
      // A team made after the kept ranking was computed is not in it yet: ranked now, not kept.
      if (!standings.places.has(team.id))
        standings = standingsOf(
          await rankPlacesOfRound(db, { ...input, limit: TEAM_RANK_TOP, mineTeamId: team.id }),
        );
      const place = standings.places.get(team.id)!;
      const listed = standings.top.find((row) => row.id === team.id);
      // The caller's team among the first rows: its own list (that row is marked as the caller's);
      // otherwise the ranking's shared one, and the caller's row from its place and the team row.
      const teams = listed
        ? firstRows(standings.top.map((row) => entryOf(row, team.id)))
        : standings.topEntries;
      const mine: TeamRank = listed
        ? entryOf(listed, team.id)
        : {
            teamId: team.public_id,
            name: team.name,
            emoji: team.emoji,
            memberCount: place.memberCount,
            rate: Math.round(rateOfPlace(place) * 1000) / 1000,
            rank: place.place,
            rankChange: place.previousPlace - place.place,
            medal: null,
            isMine: true,
          };
      return rankResponse(subChallengeId, teams, mine, standings.total, false);
    },

    /**
     * The round's days up to today (always teams: the last 30), with the team's certifications; a
     * day's possible count is missions × the members who were in the team that day.
     */
    async dates(access: TeamAccess) {
      const team = await deps.reads.teamOf(access);
      const day = today();
      const [members, missions] = await Promise.all([
        findMembers(db, team.id),
        findMissionsOfRound(db, team.sub_challenge_id),
      ]);
      const window = scoringWindow(team, day);
      const days = window ? daysOf(window, team.challenge_type === 'always' ? 30 : 400) : [];
      const counts = new Map(
        (window
          ? await countPerDay(db, {
              teamId: team.id,
              subChallengeId: team.sub_challenge_id,
              from: days.at(-1) ?? window.from,
              to: window.to,
              sinceJoin: team.challenge_type === 'always',
            })
          : []
        ).map((row) => [row.certified_on, Number(row.count)]),
      );
      const firstDays = members.map((member) => memberWindow(team, member.joined_at, day)?.from ?? day);
      return {
        today: day,
        startDate: team.start_date,
        endDate: team.end_date,
        days: days.map((date) => ({
          date,
          certified: counts.get(date) ?? 0,
          possible: missions.length * firstDays.filter((first) => first <= date).length,
        })),
      };
    },
  };
}
export type TeamProgressService = ReturnType<typeof createTeamProgressService>;
