import {
  alwaysDateEndpoint,
  alwaysTeamDetailWithInfoEndpoint,
  alwaysTeamDetailWithMissionEndpoint,
  alwaysTeamManagementEndpoint,
  challengeDateEndpoint,
  challengeTeamManagementEndpoint,
  checkChallengeEndpoint,
  inviteTeamsEndpoint,
  myTeamsEndpoint,
  previousTeamEndpoint,
  teamDetailWithMissionEndpoint,
  teamDetailWithRewardEndpoint,
  teamMemberAlwaysEndpoint,
  teamMemberAlwaysGroupEndpoint,
  teamMemberChallengeEndpoint,
  teamMemberChallengeGroupEndpoint,
  teamMemberDetailAlwaysEndpoint,
  teamMemberDetailChallengeEndpoint,
  teamRankAlwaysEndpoint,
  teamRankChallengeEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { missionKeys } from '@/shared/api/missions.ts';
import { invalidateTeamQueries, teamKey, type TeamType } from '@/shared/api/teams.ts';

export type { TeamType };

export function checkChallengeQueryOptions(subChallengeId: string) {
  return queryOptions({
    queryKey: teamKey('check-challenge', subChallengeId),
    queryFn: ({ signal }) => callApi(checkChallengeEndpoint, { subChallengeId }, { signal }),
  });
}

export function myTeamsQueryOptions(tab: 'in_progress' | 'ended') {
  return queryOptions({
    queryKey: teamKey('mine', tab),
    queryFn: ({ signal }) => callApi(myTeamsEndpoint, { tab }, { signal }),
  });
}

export function teamDetailQueryOptions(teamId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('detail', teamId, type),
    queryFn: ({ signal }) =>
      callApi(
        type === 'always' ? alwaysTeamDetailWithMissionEndpoint : teamDetailWithMissionEndpoint,
        { teamId },
        { signal },
      ),
  });
}

export function teamDatesQueryOptions(teamId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('dates', teamId, type),
    queryFn: ({ signal }) =>
      callApi(type === 'always' ? alwaysDateEndpoint : challengeDateEndpoint, { teamId }, { signal }),
  });
}

export function teamMembersQueryOptions(teamId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('members', teamId, type),
    queryFn: ({ signal }) =>
      callApi(
        type === 'always' ? teamMemberAlwaysEndpoint : teamMemberChallengeEndpoint,
        { teamId },
        { signal },
      ),
  });
}

export function teamFamiliesQueryOptions(teamId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('families', teamId, type),
    queryFn: ({ signal }) =>
      callApi(
        type === 'always' ? teamMemberAlwaysGroupEndpoint : teamMemberChallengeGroupEndpoint,
        { teamId },
        { signal },
      ),
  });
}

export function teamRanksQueryOptions(teamId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('ranks', teamId, type),
    queryFn: ({ signal }) =>
      callApi(type === 'always' ? teamRankAlwaysEndpoint : teamRankChallengeEndpoint, { teamId }, { signal }),
  });
}

export function memberDetailQueryOptions(teamId: string, teamMbrId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('member', teamId, teamMbrId, type),
    queryFn: ({ signal }) =>
      callApi(
        type === 'always' ? teamMemberDetailAlwaysEndpoint : teamMemberDetailChallengeEndpoint,
        { teamId, teamMbrId },
        { signal },
      ),
  });
}

export function managementQueryOptions(teamId: string, type: TeamType) {
  return queryOptions({
    queryKey: teamKey('management', teamId, type),
    queryFn: ({ signal }) =>
      callApi(
        type === 'always' ? alwaysTeamManagementEndpoint : challengeTeamManagementEndpoint,
        { teamId },
        { signal },
      ),
    retry: false,
  });
}

export function teamInvitationsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKey('invitations', teamId),
    queryFn: ({ signal }) => callApi(inviteTeamsEndpoint, { teamId }, { signal }),
  });
}

export function previousTeamQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKey('previous', teamId),
    queryFn: ({ signal }) => callApi(previousTeamEndpoint, { teamId }, { signal }),
  });
}

/** An always team's running days, families and total certifications (the detail header). */
export function alwaysTeamInfoQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKey('always-info', teamId),
    queryFn: ({ signal }) => callApi(alwaysTeamDetailWithInfoEndpoint, { teamId }, { signal }),
  });
}

/** An ended round's results on its team page: the team's place, medals, my family's rewards. */
export function teamResultsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: teamKey('results', teamId),
    queryFn: ({ signal }) => callApi(teamDetailWithRewardEndpoint, { teamId }, { signal }),
  });
}

/**
 * After the caller left or deleted a team: its own answers are dropped (a refetch would only 404),
 * every other team answer goes stale, and so do today's missions, which follow the caller's teams.
 */
export async function forgetTeam(queryClient: QueryClient, teamId: string): Promise<void> {
  queryClient.removeQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'team' && queryKey.slice(2).includes(teamId),
  });
  await Promise.all([
    invalidateTeamQueries(queryClient),
    queryClient.invalidateQueries({ queryKey: missionKeys.all }),
  ]);
}
