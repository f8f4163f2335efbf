import {
  deleteMissionCertificationEndpoint,
  missionActionLogEndpoint,
  missionCertificationEndpoint,
  missionListEndpoint,
  missionLogEndpoint,
} from '@hamkke/contract/home/missions';
import { missionCertifyUuidEndpoint, sharedCertificationsEndpoint } from '@hamkke/contract/mission/share';
import {
  challengeCertifiedInfoEndpoint,
  inprogressAlwaysMissionCntEndpoint,
  inprogressChallengeMissionCntEndpoint,
  missionCountByMonthEndpoint,
  missionInfoByDateEndpoint,
  missionStatusByDateEndpoint,
  missionStatusByMonthEndpoint,
  participatingMissionCountEndpoint,
} from '@hamkke/contract/mission/status';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { MissionsService } from './missions.service.ts';

export function registerMissionRoutes(app: FastifyInstance, deps: { missions: MissionsService }): void {
  const { missions } = deps;
  registerEndpoint(app, missionListEndpoint, ({ session }) => missions.missionList(session.userId));
  registerEndpoint(app, missionCertificationEndpoint, ({ session, body }) =>
    missions.certify(session.userId, body),
  );
  registerEndpoint(app, deleteMissionCertificationEndpoint, ({ session, body }) =>
    missions.remove(session.userId, body.certificationId),
  );
  registerEndpoint(app, missionLogEndpoint, ({ session, body }) =>
    missions.log(session.userId, body.offset, body.limit),
  );
  registerEndpoint(app, missionActionLogEndpoint, ({ session, body }) =>
    missions.actionLog(session.userId, body.offset, body.limit),
  );
  registerEndpoint(app, missionStatusByDateEndpoint, ({ session, body }) =>
    missions.missionsOn(session.userId, body.date),
  );
  registerEndpoint(app, missionStatusByMonthEndpoint, ({ session, body }) =>
    missions.statusByMonth(session.userId, body.month),
  );
  registerEndpoint(app, missionCountByMonthEndpoint, ({ session, body }) =>
    missions.countByMonth(session.userId, body.month),
  );
  registerEndpoint(app, missionInfoByDateEndpoint, ({ session, body }) =>
    missions.infoByDate(session.userId, body.date),
  );
  registerEndpoint(app, participatingMissionCountEndpoint, ({ session }) =>
    missions.participatingMissionCount(session.userId),
  );
  registerEndpoint(app, inprogressAlwaysMissionCntEndpoint, ({ session }) =>
    missions.alwaysProgress(session.userId),
  );
  registerEndpoint(app, inprogressChallengeMissionCntEndpoint, ({ session }) =>
    missions.challengeProgress(session.userId),
  );
  registerEndpoint(app, challengeCertifiedInfoEndpoint, ({ session, body }) =>
    missions.challengeCertifiedInfo(session.userId, body.challengeId),
  );
  registerEndpoint(app, missionCertifyUuidEndpoint, ({ session, body }) =>
    missions.shareUuid(session.userId, body.date),
  );
  registerEndpoint(app, sharedCertificationsEndpoint, ({ body }) =>
    missions.shared(body.uuid, body.date, body.challengeId),
  );
}
