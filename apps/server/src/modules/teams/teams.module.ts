import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { defineModule, type CoreDeps } from '../app-module.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import { createRoundEditingService } from './round-editing.service.ts';
import { createRoundFiguresService } from './round-figures.service.ts';
import { createRoundsService } from './rounds.service.ts';
import { createTeamChecksService } from './team-checks.service.ts';
import { createTeamDirectoryService } from './team-directory.service.ts';
import { createInvitePreviewService } from './invite-preview.service.ts';
import { createTeamInvitationsService } from './team-invitations.service.ts';
import { createTeamJoinService } from './team-join.service.ts';
import { createTeamDeparturesService } from './team-departures.service.ts';
import { createTeamManagementService } from './team-management.service.ts';
import { createTeamMembersService } from './team-members.service.ts';
import { createTeamModerationService } from './team-moderation.service.ts';
import { createTeamSettingsService } from './team-settings.service.ts';
import { createTeamProgressService } from './team-progress.service.ts';
import { createRoundResultsService } from './round-results.service.ts';
import { applyCertification } from './team-scores.repository.ts';
import { createTeamScoresService } from './team-scores.service.ts';
import { registerChallengesConsole } from './challenges.console.ts';
import { registerTeamsConsole } from './teams.console.ts';
import { registerTeamRoutes } from './teams.routes.ts';
import type { UsersService } from '../users/users.service.ts';
import { createTeamsService } from './teams.service.ts';

interface TeamsNeeds {
  content: ContentService;
  activity: ActivityLogService;
  missions: MissionsService;
  roundMissions: RoundMissionsService;
  /** People's names in the console's team screens. */
  users: UsersService;
}

/** Invite previews one address (or one signed-in person, for the invite checks) may read per minute. */
export const INVITE_PREVIEWS_PER_MINUTE = 30;

function buildTeamsServices(deps: CoreDeps & TeamsNeeds) {
  const base = {
    db: deps.db,
    clock: deps.clock,
    content: deps.content,
    activity: deps.activity,
    missions: deps.missions,
    events: deps.events,
    rankingCacheMs: deps.rankingCacheMs,
  };
  const rounds = createRoundsService(base);
  const teams = createTeamsService(base);
  const teamJoin = createTeamJoinService({ ...base, rounds });
  // People leaving and teams going: shared by the three services team management is made of.
  const departures = createTeamDeparturesService(base);
  const roundResults = createRoundResultsService({ db: deps.db });
  // A paid reward shows its family's reward notice again, in the payout's transaction.
  deps.events.on('rewardsPaid', (trx, event) => roundResults.rewardsPaid(trx, event));
  // Team scores move with each certification, in its transaction.
  deps.events.on('certified', (trx, event) => applyCertification(trx, event, 1));
  deps.events.on('certificationDeleted', (trx, event) => applyCertification(trx, event, -1));
  // An operator's hiding takes a certification out of the scores; restoring puts it back.
  deps.events.on('certificationHidden', (trx, event) => applyCertification(trx, event, -1));
  deps.events.on('certificationRestored', (trx, event) => applyCertification(trx, event, 1));
  return {
    rounds,
    teams,
    teamJoin,
    teamChecks: createTeamChecksService(base),
    /** What an invite link shows anyone (its preview tags and card), by the team the link names. */
    invitePreview: createInvitePreviewService(base),
    teamManagement: createTeamManagementService({
      settings: createTeamSettingsService({ ...base, reads: teams, departures }),
      members: createTeamMembersService({ ...base, reads: teams, departures }),
      moderation: createTeamModerationService({ ...base, departures }),
    }),
    teamInvitations: createTeamInvitationsService({ ...base, reads: teams, joining: teamJoin }),
    teamProgress: createTeamProgressService({ ...base, reads: teams }),
    roundResults,
    /** Reading invite previews (decision 022): per address, so team ids cannot be tried in bulk. */
    invitePreviewLimiter: createRateLimiter(deps.counters, {
      name: 'invite-preview',
      limit: INVITE_PREVIEWS_PER_MINUTE,
      windowMs: 60_000,
    }),
    /**
     * The console's side: challenges and rounds as operators make them, teams as support finds
     * them, the dashboard's figures of rounds.
     */
    roundEditing: createRoundEditingService({
      db: deps.db,
      clock: deps.clock,
      roundMissions: deps.roundMissions,
    }),
    teamDirectory: createTeamDirectoryService({ db: deps.db }),
    roundFigures: createRoundFiguresService({ db: deps.db }),
    /** Counts every kept team score again from the certifications (a repair; tests compare with it). */
    recountTeamScores: createTeamScoresService({ db: deps.db }).recount,
    /** The membership lookup behind team-level access: app.ts hands it to plugins/team-access.ts. */
    teamMembership: teams.membership,
  };
}

/** Rounds, teams, invite links and direct invitations, joining under capacity, members, management. */
export const teamsModule = defineModule<ReturnType<typeof buildTeamsServices>, TeamsNeeds>({
  name: 'teams',
  needs: ['content', 'activity', 'missions', 'roundMissions', 'users'],
  services: buildTeamsServices,
  routes: (app, { services, console, clock }) => {
    registerTeamRoutes(app, services);
    registerChallengesConsole(app, console, services);
    registerTeamsConsole(app, console, clock, services);
  },
});
