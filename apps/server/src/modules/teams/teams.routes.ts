import {
  challengeTypeEndpoint,
  checkChallengeEndpoint,
  participatingChallengeEndpoint,
} from '@hamkke/contract/challenge/round';
import {
  inviteEndpoint,
  inviteTeamsEndpoint,
  invitedCountEndpoint,
  invitedTeamsEndpoint,
  previousTeamEndpoint,
  updateInvitationStatusEndpoint,
} from '@hamkke/contract/team/team-invite';
import {
  availableTeamsInOtherEndpoint,
  checkChildrenEndpoint,
  checkIsTeamEndpoint,
  checkTeamMemberEndpoint,
  createTeamEndpoint,
  createTeamMemberEndpoint,
  invitePreviewEndpoint,
  inviteTeamInfoEndpoint,
  joinedTeamsEndpoint,
  teamExistsEndpoint,
  teamInfoByTeamIdEndpoint,
  teamMemberCountEndpoint,
} from '@hamkke/contract/team/team-join';
import {
  alwaysTeamDetailWithInfoEndpoint,
  alwaysTeamDetailWithMissionEndpoint,
  alwaysDateEndpoint,
  challengeDateEndpoint,
  myTeamsEndpoint,
  teamDetailWithMissionEndpoint,
  teamMemberAlwaysEndpoint,
  teamMemberAlwaysGroupEndpoint,
  teamMemberChallengeEndpoint,
  teamMemberChallengeGroupEndpoint,
  teamMemberDetailAlwaysEndpoint,
  teamMemberDetailChallengeEndpoint,
  teamMembersEndpoint,
  teamRankAlwaysEndpoint,
  teamRankChallengeEndpoint,
} from '@hamkke/contract/team/team-read';
import {
  alwaysTeamManagementEndpoint,
  challengeTeamManagementEndpoint,
  deleteAlwaysTeamEndpoint,
  deleteAlwaysTeamMemberEndpoint,
  deleteChallengeTeamEndpoint,
  deleteChallengeTeamMemberEndpoint,
  favoritesTeamEndpoint,
  updateAlwaysTeamManagementEndpoint,
  updateChallengeTeamManagementEndpoint,
  updateMemberEndpoint,
} from '@hamkke/contract/team/team-manage';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { TeamAccess } from '../../plugins/team-access.ts';
import type { RoundsService } from './rounds.service.ts';
import type { TeamChecksService } from './team-checks.service.ts';
import type { TeamInvitationsService } from './team-invitations.service.ts';
import type { TeamJoinService } from './team-join.service.ts';
import type { TeamManagementService } from './team-management.service.ts';
import type { TeamProgressService } from './team-progress.service.ts';
import type { TeamsService } from './teams.service.ts';

export interface TeamRouteDeps {
  rounds: RoundsService;
  teams: TeamsService;
  teamJoin: TeamJoinService;
  teamChecks: TeamChecksService;
  teamManagement: TeamManagementService;
  teamInvitations: TeamInvitationsService;
  teamProgress: TeamProgressService;
  invitePreviewLimiter: RateLimiter;
}

/** Calls named for one type (`…-always`, `…-challenge`) answer only about a team of that type. */
function ofType(team: TeamAccess, type: 'always' | 'challenge'): TeamAccess {
  if (team.challengeType !== type) throw new AppError('NOT_FOUND', `No such ${type} team`);
  return team;
}

export function registerTeamRoutes(app: FastifyInstance, deps: TeamRouteDeps): void {
  const { rounds, teams, teamJoin, teamChecks, teamManagement, teamInvitations, teamProgress } = deps;
  const { invitePreviewLimiter } = deps;

  // Challenges and rounds.
  registerEndpoint(app, challengeTypeEndpoint, ({ session, body }) =>
    rounds.challengeType(session.userId, body.challengeType),
  );
  registerEndpoint(app, checkChallengeEndpoint, ({ session, body }) =>
    rounds.checkChallenge(session.userId, body.subChallengeId),
  );
  registerEndpoint(app, participatingChallengeEndpoint, ({ session, body }) =>
    rounds.participating(session.userId, body.state),
  );

  // Making and joining.
  registerEndpoint(app, createTeamEndpoint, ({ session, body }) => teamJoin.create(session.userId, body));
  registerEndpoint(app, teamExistsEndpoint, ({ body }) => teamJoin.nameTaken(body.subChallengeId, body.name));
  registerEndpoint(app, createTeamMemberEndpoint, ({ session, body }) =>
    teamJoin.joinByLink(session.userId, body),
  );
  registerEndpoint(app, checkChildrenEndpoint, ({ session, body }) =>
    teamChecks.checkChildren(session.userId, body),
  );
  registerEndpoint(app, availableTeamsInOtherEndpoint, ({ session, body }) =>
    teamChecks.availableInOther(session.userId, body.subChallengeId),
  );

  // The invite flow's checks.
  registerEndpoint(app, checkIsTeamEndpoint, ({ session, body }) =>
    teamChecks.checkIsTeam(session.userId, body),
  );
  registerEndpoint(app, checkTeamMemberEndpoint, ({ session, body }) =>
    teamChecks.checkTeamMember(session.userId, body),
  );
  registerEndpoint(app, teamMemberCountEndpoint, ({ body }) => teamChecks.memberCount(body.teamId));
  registerEndpoint(app, inviteTeamInfoEndpoint, async ({ session, body }) => {
    await invitePreviewLimiter.consume(`user:${session.userId}`);
    return teamChecks.inviteTeamInfo(body);
  });
  // What a non-member may read (decision 022), logged out too: rate-limited per address.
  registerEndpoint(app, invitePreviewEndpoint, async ({ request, body }) => {
    await invitePreviewLimiter.consume(`address:${request.ip}`);
    return teams.readInvitePreview(body.teamId);
  });
  registerEndpoint(app, teamInfoByTeamIdEndpoint, ({ team }) => teamChecks.teamInfo(team));
  registerEndpoint(app, joinedTeamsEndpoint, ({ session, body }) =>
    teamChecks.joinedTeams(session.userId, body),
  );

  // Reading a team (members only).
  registerEndpoint(app, myTeamsEndpoint, ({ session, body }) => teams.myTeams(session.userId, body.tab));
  registerEndpoint(app, teamDetailWithMissionEndpoint, ({ team }) => teams.detail(ofType(team, 'challenge')));
  registerEndpoint(app, alwaysTeamDetailWithMissionEndpoint, ({ team }) =>
    teams.detail(ofType(team, 'always')),
  );
  registerEndpoint(app, alwaysTeamDetailWithInfoEndpoint, ({ team }) =>
    teams.alwaysInfo(ofType(team, 'always')),
  );
  registerEndpoint(app, teamMembersEndpoint, async ({ team }) => {
    const { members } = await teams.members(team);
    return { teamId: team.teamPublicId, members };
  });
  registerEndpoint(app, teamMemberAlwaysEndpoint, ({ team }) => teams.members(ofType(team, 'always')));
  registerEndpoint(app, teamMemberChallengeEndpoint, ({ team }) => teams.members(ofType(team, 'challenge')));
  registerEndpoint(app, teamMemberAlwaysGroupEndpoint, ({ team }) => teams.families(ofType(team, 'always')));
  registerEndpoint(app, teamMemberChallengeGroupEndpoint, ({ team }) =>
    teams.families(ofType(team, 'challenge')),
  );
  // A kept ranking's first rows are one array shared by its readers: serialized once (decision 054).
  const sharedTeams = { sharedArrays: ['teams'] };
  registerEndpoint(
    app,
    teamRankAlwaysEndpoint,
    ({ team }) => teamProgress.teamRanks(ofType(team, 'always')),
    sharedTeams,
  );
  registerEndpoint(
    app,
    teamRankChallengeEndpoint,
    ({ team }) => teamProgress.teamRanks(ofType(team, 'challenge')),
    sharedTeams,
  );
  registerEndpoint(app, teamMemberDetailAlwaysEndpoint, ({ team, body }) =>
    teams.memberDetail(ofType(team, 'always'), body.teamMbrId),
  );
  registerEndpoint(app, teamMemberDetailChallengeEndpoint, ({ team, body }) =>
    teams.memberDetail(ofType(team, 'challenge'), body.teamMbrId),
  );
  registerEndpoint(app, alwaysDateEndpoint, ({ team }) => teamProgress.dates(ofType(team, 'always')));
  registerEndpoint(app, challengeDateEndpoint, ({ team }) => teamProgress.dates(ofType(team, 'challenge')));

  // Invitations.
  registerEndpoint(app, previousTeamEndpoint, ({ team }) => teamInvitations.previousTeam(team));
  registerEndpoint(app, inviteEndpoint, ({ team, body }) => teamInvitations.invite(team, body.userIds));
  registerEndpoint(app, invitedCountEndpoint, ({ session }) => teamInvitations.invitedCount(session.userId));
  registerEndpoint(app, invitedTeamsEndpoint, ({ session }) => teamInvitations.invitedTeams(session.userId));
  registerEndpoint(app, updateInvitationStatusEndpoint, ({ session, body }) =>
    teamInvitations.answer(session.userId, body),
  );
  registerEndpoint(app, inviteTeamsEndpoint, ({ team }) => teamInvitations.teamInvitations(team));

  // Management (the manager), leaving and the member's own settings.
  registerEndpoint(app, challengeTeamManagementEndpoint, ({ team }) =>
    teamManagement.management(ofType(team, 'challenge')),
  );
  registerEndpoint(app, alwaysTeamManagementEndpoint, ({ team }) =>
    teamManagement.management(ofType(team, 'always')),
  );
  registerEndpoint(app, updateChallengeTeamManagementEndpoint, ({ team, body }) =>
    teamManagement.update(ofType(team, 'challenge'), body),
  );
  registerEndpoint(app, updateAlwaysTeamManagementEndpoint, ({ team, body }) =>
    teamManagement.update(ofType(team, 'always'), body),
  );
  registerEndpoint(app, deleteChallengeTeamMemberEndpoint, ({ team, body }) =>
    teamManagement.removeMember(ofType(team, 'challenge'), body.teamMbrId),
  );
  registerEndpoint(app, deleteAlwaysTeamMemberEndpoint, ({ team, body }) =>
    teamManagement.removeMember(ofType(team, 'always'), body.teamMbrId),
  );
  registerEndpoint(app, deleteChallengeTeamEndpoint, ({ team }) =>
    teamManagement.deleteTeam(ofType(team, 'challenge')),
  );
  registerEndpoint(app, deleteAlwaysTeamEndpoint, ({ team }) =>
    teamManagement.deleteTeam(ofType(team, 'always')),
  );
  registerEndpoint(app, favoritesTeamEndpoint, ({ team, body }) =>
    teamManagement.favorite(team, body.favorite),
  );
  registerEndpoint(app, updateMemberEndpoint, ({ team, body }) =>
    teamManagement.updateRewardNotice(team, body.teamMbrId, body.rewardNoticeDisplayYn),
  );
}
