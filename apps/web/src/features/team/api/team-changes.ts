import type { EndpointRequest } from '@hamkke/contract/endpoint';
import {
  createTeamEndpoint,
  createTeamMemberEndpoint,
  deleteAlwaysTeamEndpoint,
  deleteAlwaysTeamMemberEndpoint,
  deleteChallengeTeamEndpoint,
  deleteChallengeTeamMemberEndpoint,
  favoritesTeamEndpoint,
  inviteEndpoint,
  teamExistsEndpoint,
  updateAlwaysTeamManagementEndpoint,
  updateChallengeTeamManagementEndpoint,
} from '@hamkke/contract/routes';
import { callApi } from '@/shared/api/client.ts';
import type { TeamType } from '@/shared/api/teams.ts';

/** The team calls that change something: the pages run them as mutations and say what follows. */

type TeamChanges = Omit<EndpointRequest<typeof updateAlwaysTeamManagementEndpoint>, 'teamId'>;

/** The management page's changes of a team (name, description, emoji, recruiting, manager…). */
export function updateTeam(type: TeamType, teamId: string, changes: TeamChanges) {
  return callApi(
    type === 'always' ? updateAlwaysTeamManagementEndpoint : updateChallengeTeamManagementEndpoint,
    { teamId, ...changes },
  );
}

/** A member (with their children) leaves the team, or the manager takes a family out. */
export function removeTeamMember(type: TeamType, teamId: string, teamMbrId: string) {
  return callApi(type === 'always' ? deleteAlwaysTeamMemberEndpoint : deleteChallengeTeamMemberEndpoint, {
    teamId,
    teamMbrId,
  });
}

export function deleteTeam(type: TeamType, teamId: string) {
  return callApi(type === 'always' ? deleteAlwaysTeamEndpoint : deleteChallengeTeamEndpoint, { teamId });
}

/** Whether a team of the round already has this name (checked while it is typed). */
export function teamNameTaken(subChallengeId: string, name: string) {
  return callApi(teamExistsEndpoint, { subChallengeId, name });
}

export function createTeam(team: EndpointRequest<typeof createTeamEndpoint>) {
  return callApi(createTeamEndpoint, team);
}

/** Joining a team by its invite, with the children picked. */
export function joinTeam(join: EndpointRequest<typeof createTeamMemberEndpoint>) {
  return callApi(createTeamMemberEndpoint, join);
}

export function inviteToTeam(teamId: string, userIds: string[]) {
  return callApi(inviteEndpoint, { teamId, userIds });
}

export function setFavoriteTeam(teamId: string, favorite: boolean) {
  return callApi(favoritesTeamEndpoint, { teamId, favorite });
}
