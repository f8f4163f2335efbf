import type { TeamSummary } from '@hamkke/contract/team/team';

type TeamRef = Pick<TeamSummary, 'teamId' | 'challengeType' | 'challengeId' | 'subChallengeId'>;

/** The team's detail page (spec §2): challenge teams name their challenge, always teams only the round. */
export function teamDetailPath(team: TeamRef): string {
  return team.challengeType === 'always'
    ? `/team/${team.teamId}/always/${team.subChallengeId}`
    : `/team/${team.teamId}/challenge/${team.challengeId}/${team.subChallengeId}`;
}

export function teamRankingPath(team: TeamRef): string {
  return `${teamDetailPath(team)}/ranking`;
}

export function teamManagementPath(team: TeamRef): string {
  return team.challengeType === 'always'
    ? `/team/always/${team.teamId}/${team.subChallengeId}`
    : `/team/challenge/${team.teamId}/${team.challengeId}/${team.subChallengeId}`;
}

export function teamMembersPath(team: Pick<TeamRef, 'teamId' | 'challengeType'>): string {
  return `/team/member/${team.teamId}/${team.challengeType}`;
}

export function memberDetailPath(team: Pick<TeamRef, 'teamId' | 'challengeType'>, teamMbrId: string): string {
  return `/team/member/${team.teamId}/${teamMbrId}/${team.challengeType}`;
}

export function invitedPath(teamId: string): string {
  return `/team/invited/${teamId}`;
}
