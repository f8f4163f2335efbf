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
  // The counts the header and the login page show: asked for on every page, a few bytes each.
  const hot = { hotRead: true };
  registerEndpoint(app, totalUserMissionEndpoint, () => common.totalUserMission(), hot);
  registerEndpoint(app, todayMissionCertificationCountEndpoint, () => common.todayCertificationCount(), hot);
  registerEndpoint(app, totalUserCountEndpoint, () => common.totalUserCount(), hot);
  // The login page's count: the same active accounts as the header's.
  registerEndpoint(
    app,
    loginUserCountEndpoint,
    async () => ({ totalUserCnt: await common.totalUserCount() }),
    hot,
  );
  registerEndpoint(app, totalMissionCertificationCountEndpoint, () => common.totalCertificationCount(), hot);
  registerEndpoint(app, commcodeKeysEndpoint, ({ body }) => common.commonCodes(body.groupKeys));
}
