import type { EndpointRequest } from '@hamkke/contract/endpoint';
import {
  invitedTeamsEndpoint,
  participatingChallengeEndpoint,
  updateInvitationStatusEndpoint,
} from '@hamkke/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/shared/api/client.ts';
import { teamKey } from '@/shared/api/teams.ts';

export function participatingQueryOptions(state: 'active' | 'ended') {
  return queryOptions({
    queryKey: teamKey('participating', state),
    queryFn: ({ signal }) => callApi(participatingChallengeEndpoint, { state }, { signal }),
  });
}

export function invitedTeamsQueryOptions() {
  return queryOptions({
    queryKey: teamKey('invited-teams'),
    queryFn: ({ signal }) => callApi(invitedTeamsEndpoint, {}, { signal }),
  });
}

/** Accepting (with the children picked) or declining an invitation to a team. */
export function answerInvitation(answer: EndpointRequest<typeof updateInvitationStatusEndpoint>) {
  return callApi(updateInvitationStatusEndpoint, answer);
}
