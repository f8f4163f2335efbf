import {
  adminChallengeCreateEndpoint,
  adminChallengeListEndpoint,
  adminChallengeUpdateEndpoint,
  adminMissionCreateEndpoint,
  adminMissionDeleteEndpoint,
  adminMissionUpdateEndpoint,
  adminRoundCopyEndpoint,
  adminRoundCreateEndpoint,
  adminRoundDeleteEndpoint,
  adminRoundUpdateEndpoint,
} from '@hamkke/contract/admin/challenges';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { createAdminChallengesService } from './admin-challenges.service.ts';
import type { OperatorAuthService } from './operator-auth.service.ts';

/** The console's challenges, rounds and missions (content). */
export function registerAdminChallengeRoutes(
  app: FastifyInstance,
  auth: OperatorAuthService,
  challenges: ReturnType<typeof createAdminChallengesService>,
): void {
  registerAdminEndpoint(app, auth, adminChallengeListEndpoint, () => challenges.list());
  registerAdminEndpoint(app, auth, adminChallengeCreateEndpoint, ({ actor, body }) =>
    challenges.createChallenge(actor, body),
  );
  registerAdminEndpoint(app, auth, adminChallengeUpdateEndpoint, ({ actor, body }) =>
    challenges.updateChallenge(actor, body.challengeId, body),
  );
  registerAdminEndpoint(app, auth, adminRoundCreateEndpoint, ({ actor, body }) => {
    const { challengeId, ...round } = body;
    return challenges.createRound(actor, challengeId, round);
  });
  registerAdminEndpoint(app, auth, adminRoundCopyEndpoint, ({ actor, body }) =>
    challenges.copyRound(actor, body.subChallengeId, body.title),
  );
  registerAdminEndpoint(app, auth, adminRoundUpdateEndpoint, ({ actor, body }) => {
    const { subChallengeId, ...round } = body;
    return challenges.updateRound(actor, subChallengeId, round);
  });
  registerAdminEndpoint(app, auth, adminRoundDeleteEndpoint, ({ actor, body }) =>
    challenges.deleteRound(actor, body.subChallengeId),
  );
  registerAdminEndpoint(app, auth, adminMissionCreateEndpoint, ({ actor, body }) => {
    const { subChallengeId, ...mission } = body;
    return challenges.createMission(actor, subChallengeId, mission);
  });
  registerAdminEndpoint(app, auth, adminMissionUpdateEndpoint, ({ actor, body }) => {
    const { missionId, ...mission } = body;
    return challenges.updateMission(actor, missionId, mission);
  });
  registerAdminEndpoint(app, auth, adminMissionDeleteEndpoint, ({ actor, body }) =>
    challenges.deleteMission(actor, body.missionId),
  );
}
