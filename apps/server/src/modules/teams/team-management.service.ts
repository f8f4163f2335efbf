import type { TeamMembersService } from './team-members.service.ts';
import type { TeamModerationService } from './team-moderation.service.ts';
import type { TeamSettingsService } from './team-settings.service.ts';

/**
 * Team management as the routes, the console and the my module call it (`teamManagement`): the
 * manager's screen and settings (team-settings), a member's place, leaving and removal
 * (team-members) and an operator's changes on a complaint (team-moderation), each its own service
 * built in teams.module.ts, answered as one object.
 */
export function createTeamManagementService(parts: {
  settings: TeamSettingsService;
  members: TeamMembersService;
  moderation: TeamModerationService;
}) {
  return { ...parts.settings, ...parts.members, ...parts.moderation };
}
export type TeamManagementService = ReturnType<typeof createTeamManagementService>;
