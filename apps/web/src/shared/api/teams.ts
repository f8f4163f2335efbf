import {
  challengeTypeEndpoint,
  checkChildrenEndpoint,
  checkIsTeamEndpoint,
  checkTeamMemberEndpoint,
  invitedCountEndpoint,
  invitePreviewEndpoint,
  inviteTeamInfoEndpoint,
  joinedTeamsEndpoint,
  teamMemberCountEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { userScope } from './user-scope.ts';
import { callApi } from './client.ts';

/** Team queries several features share (the challenge tab, my teams, home). */

export type TeamType = 'challenge' | 'always';

/** Every team key starts with `team` and the signed-in person, so one tab never shows another's teams. */
export function teamKey(...parts: (string | undefined)[]) {
  return ['team', userScope(), ...parts] as const;
}

/** After any team change: everything about teams and rounds is stale. */
export function invalidateTeamQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['team'] });
}

export function roundsQueryOptions(challengeType?: TeamType) {
  return queryOptions({
    queryKey: teamKey('rounds', challengeType),
    queryFn: ({ signal }) =>
      callApi(challengeTypeEndpoint, challengeType ? { challengeType } : {}, { signal }),
  });
}

export function invitedCountQueryOptions() {
  return queryOptions({
    queryKey: teamKey('invited-count'),
    queryFn: ({ signal }) => callApi(invitedCountEndpoint, {}, { signal }),
  });
}

export function childrenForTeamQueryOptions(target: { teamId?: string; subChallengeId?: string }) {
  return queryOptions({
    queryKey: teamKey('children', target.teamId ?? '', target.subChallengeId ?? ''),
    queryFn: ({ signal }) => callApi(checkChildrenEndpoint, target, { signal }),
  });
}

/**
 * What an invite link shows before joining (decision 022): the team, its round, the manager, the
 * free seats. A public call: the logged-out login page reads it too.
 */
export function invitePreviewQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: ['invite-preview', teamId] as const,
    queryFn: ({ signal }) => callApi(invitePreviewEndpoint, { teamId }, { signal }),
    retry: false,
    staleTime: 60_000,
  });
}

/** The calls of an invite's checks (spec §4, shared/lib/team-invite-checks.ts). */
/** The calls the checks make; injected so the order and rules are unit-tested without a server. */
export interface InviteCheckCalls {
  checkIsTeam(input: {
    userId: string;
    subChallengeId?: string;
  }): Promise<{ alwaysTeamId: string | null; challengeTeamId: string | null }>;
  joinedTeams(input: { teamId: string }): Promise<{ isCompleted: boolean; isPending: boolean }[]>;
  inviteTeamInfo(input: {
    teamId: string;
    subChallengeId: string;
  }): Promise<{ maxUser: number; reservedSeats: number; recruitingOpen?: boolean }>;
  teamMemberCount(input: { teamId: string }): Promise<number>;
  checkTeamMember(input: { teamId: string; userId: string }): Promise<number>;
}

export const inviteCheckCalls: InviteCheckCalls = {
  checkIsTeam: (input) => callApi(checkIsTeamEndpoint, input),
  joinedTeams: (input) => callApi(joinedTeamsEndpoint, input),
  inviteTeamInfo: (input) => callApi(inviteTeamInfoEndpoint, input),
  teamMemberCount: (input) => callApi(teamMemberCountEndpoint, input),
  checkTeamMember: (input) => callApi(checkTeamMemberEndpoint, input),
};
