import type { TeamAccess } from '../../plugins/team-access.ts';
import { clockTools, type TeamsDeps } from './context.ts';
import { daysOf, memberWindow, possibleOf, scoringWindow } from './team-view.ts';
import { countPerDay, countPerTeam, findJoinsOfRound } from './team-scores.repository.ts';
import { findMembers, findMissionsOfRounds, findTeamsOfRounds } from './teams.repository.ts';
import type { TeamsService } from './teams.service.ts';

/** How a team does against the round: the team ranking of a round and a team's day strip. */
export function createTeamProgressService(deps: TeamsDeps & { reads: TeamsService }) {
  const { db } = deps;
  const { today } = clockTools(deps.clock);
  const teamOrThrow = (teamId: number) => deps.reads.teamOrThrow(teamId);

  return {
    /**
     * 팀 순위: 지금까지 가능한 인증 대비 한 인증의 비율, 같으면 인원이 많은 팀, 그다음 먼저 만든 팀.
     * Possible = Σ missions × the days each member was in (a challenge round: every day since it
     * started); one grouped query counts every team of the round.
     */
    async teamRanks(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const day = today();
      const [teams, missions, joins] = await Promise.all([
        findTeamsOfRounds(db, [team.sub_challenge_id]),
        findMissionsOfRounds(db, [team.sub_challenge_id]),
        findJoinsOfRound(db, team.sub_challenge_id),
      ]);
      const window = scoringWindow(team, day);
      const counts = new Map(
        (window
          ? await countPerTeam(db, {
              subChallengeId: team.sub_challenge_id,
              from: team.start_date,
              to: window.to,
              sinceJoin: team.challenge_type === 'always',
            })
          : []
        ).map((row) => [row.team_id, Number(row.count)]),
      );
      const rated = teams.map((other) => {
        const joinedAts = joins.filter((row) => row.team_id === other.id).map((row) => row.joined_at);
        const possible = possibleOf(other, joinedAts, missions.length, day);
        const certified = counts.get(other.id) ?? 0;
        return { team: other, rate: possible > 0 ? Math.min(1, certified / possible) : 0 };
      });
      rated.sort(
        (a, b) =>
          b.rate - a.rate ||
          b.team.member_count - a.team.member_count ||
          a.team.created_at.localeCompare(b.team.created_at) ||
          a.team.id - b.team.id,
      );
      return {
        subChallengeId: String(team.sub_challenge_id),
        teams: rated.map((entry, index) => ({
          teamId: String(entry.team.id),
          name: entry.team.name,
          emoji: entry.team.emoji,
          memberCount: entry.team.member_count,
          rate: Math.round(entry.rate * 1000) / 1000,
          rank: index + 1,
          isMine: entry.team.id === team.id,
        })),
      };
    },

    /**
     * The round's days up to today (always teams: the last 30), with the team's certifications; a
     * day's possible count is missions × the members who were in the team that day.
     */
    async dates(access: TeamAccess) {
      const team = await teamOrThrow(access.teamId);
      const day = today();
      const members = await findMembers(db, team.id);
      const missions = await findMissionsOfRounds(db, [team.sub_challenge_id]);
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
