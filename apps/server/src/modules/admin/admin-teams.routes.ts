import {
  adminTeamDetailEndpoint,
  adminTeamListEndpoint,
  adminTeamRemoveMemberEndpoint,
  adminTeamSetRecruitingEndpoint,
} from '@hamkke/contract/admin/teams';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { AdminTeamsService } from './admin-teams.service.ts';
import type { OperatorAuthService } from './operator-auth.service.ts';

/** The console's teams (support): list, detail, recruiting closed on a complaint, a member taken out. */
export function registerAdminTeamRoutes(
  app: FastifyInstance,
  auth: OperatorAuthService,
  teams: AdminTeamsService,
): void {
  registerAdminEndpoint(app, auth, adminTeamListEndpoint, ({ body }) =>
    teams.list({
      offset: body.offset,
      limit: body.limit,
      subChallengeId: body.subChallengeId,
      query: body.query || undefined,
    }),
  );
  registerAdminEndpoint(app, auth, adminTeamDetailEndpoint, ({ body }) => teams.detail(body.teamId));
  registerAdminEndpoint(app, auth, adminTeamSetRecruitingEndpoint, ({ actor, body }) =>
    teams.setRecruiting(actor, { teamId: body.teamId, open: body.open, reason: body.reason }),
  );
  registerAdminEndpoint(app, auth, adminTeamRemoveMemberEndpoint, ({ actor, body }) =>
    teams.removeMember(actor, {
      teamId: body.teamId,
      teamMbrId: body.teamMbrId,
      reason: body.reason,
    }),
  );
}
