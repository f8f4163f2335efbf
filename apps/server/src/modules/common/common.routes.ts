import { loginUserCountEndpoint } from '@hamkke/contract/login/user-status';
import { commcodeKeysEndpoint } from '@hamkke/contract/common/commcode-keys';
import {
  todayMissionCertificationCountEndpoint,
  totalMissionCertificationCountEndpoint,
  totalUserCountEndpoint,
  totalUserMissionEndpoint,
} from '@hamkke/contract/common/counts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoints.ts';
import type { CommonService } from './common.service.ts';

export function registerCommonRoutes(app: FastifyInstance, deps: { common: CommonService }): void {
  const { common } = deps;
  registerEndpoint(app, totalUserMissionEndpoint, () => common.totalUserMission());
  registerEndpoint(app, todayMissionCertificationCountEndpoint, () => common.todayCertificationCount());
  registerEndpoint(app, totalUserCountEndpoint, () => common.totalUserCount());
  // The login page's count: the same active accounts as the header's.
  registerEndpoint(app, loginUserCountEndpoint, async () => ({
    totalUserCnt: await common.totalUserCount(),
  }));
  registerEndpoint(app, totalMissionCertificationCountEndpoint, () => common.totalCertificationCount());
  registerEndpoint(app, commcodeKeysEndpoint, ({ body }) => common.commonCodes(body.groupKeys));
}
