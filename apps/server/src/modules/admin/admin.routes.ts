import { auditListEndpoint, auditOperatorsEndpoint } from '@hamkke/contract/admin/audit';
import { seoulDayEnd, seoulDayStart } from '@hamkke/contract/dates';
import {
  operatorListEndpoint,
  operatorLoginEndpoint,
  operatorLogoutEndpoint,
  operatorMeEndpoint,
  operatorUnlockEndpoint,
} from '@hamkke/contract/admin/auth';
import { ADMIN_API_PREFIX, OPERATOR_COOKIE } from '@hamkke/contract/admin/endpoint';
import {
  adminNoticeCreateEndpoint,
  adminNoticeDeleteEndpoint,
  adminNoticeListEndpoint,
  adminNoticeUpdateEndpoint,
} from '@hamkke/contract/admin/notices';
import {
  adminFaqCreateEndpoint,
  adminFaqDeleteEndpoint,
  adminFaqListEndpoint,
  adminFaqUpdateEndpoint,
} from '@hamkke/contract/admin/faqs';
import {
  adminForbiddenWordAddEndpoint,
  adminForbiddenWordListEndpoint,
  adminForbiddenWordRemoveEndpoint,
  adminForbiddenWordTryEndpoint,
} from '@hamkke/contract/admin/forbidden-words';
import { adminActivityLogListEndpoint, adminLoginLogListEndpoint } from '@hamkke/contract/admin/logs';
import {
  adminPopupCreateEndpoint,
  adminPopupDeleteEndpoint,
  adminPopupListEndpoint,
  adminPopupUpdateEndpoint,
} from '@hamkke/contract/admin/popups';
import {
  adminRewardCancelEndpoint,
  adminRewardExportEndpoint,
  adminRewardListEndpoint,
  adminRewardMarkPaidEndpoint,
} from '@hamkke/contract/admin/rewards';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { AuditService } from './audit.service.ts';
import type { createAdminBadgeRulesService } from './admin-badge-rules.service.ts';
import { registerAdminChallengeRoutes } from './admin-challenges.routes.ts';
import { registerAdminContentRoutes } from './admin-content.routes.ts';
import type { createAdminChallengesService } from './admin-challenges.service.ts';
import { registerAdminDashboardRoutes } from './admin-dashboard.routes.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';
import type { createAdminFaqsService } from './admin-faqs.service.ts';
import type { createAdminForbiddenWordsService } from './admin-forbidden-words.service.ts';
import type { createAdminLogsService } from './admin-logs.service.ts';
import type { createAdminNoticesService } from './admin-notices.service.ts';
import { registerAdminPeopleRoutes } from './admin-people.routes.ts';
import { registerAdminReportRoutes } from './admin-reports.routes.ts';
import type { AdminReportsService } from './admin-reports.service.ts';
import type { AdminPeopleService } from './admin-people.service.ts';
import type { createAdminPopupsService } from './admin-popups.service.ts';
import type { createAdminRewardsService } from './admin-rewards.service.ts';
import { registerAdminTeamRoutes } from './admin-teams.routes.ts';
import type { AdminTeamsService } from './admin-teams.service.ts';
import { OPERATOR_SESSION_MAX_MS, type OperatorAuthService } from './operator-auth.service.ts';

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    operatorAuth: OperatorAuthService;
    audit: AuditService;
    adminNotices: ReturnType<typeof createAdminNoticesService>;
    adminRewards: ReturnType<typeof createAdminRewardsService>;
    adminPopups: ReturnType<typeof createAdminPopupsService>;
    adminForbiddenWords: ReturnType<typeof createAdminForbiddenWordsService>;
    adminFaqs: ReturnType<typeof createAdminFaqsService>;
    adminLogs: ReturnType<typeof createAdminLogsService>;
    adminChallenges: ReturnType<typeof createAdminChallengesService>;
    adminContent: Parameters<typeof registerAdminContentRoutes>[2];
    adminPeople: AdminPeopleService;
    adminReports: AdminReportsService;
    adminTeams: AdminTeamsService;
    adminDashboard: AdminDashboardService;
    adminBadgeRules: ReturnType<typeof createAdminBadgeRulesService>;
    cookieSecure: boolean;
    production: boolean;
  },
): void {
  const { operatorAuth: auth } = deps;
  app.decorate('adminEndpoints', []);

  registerAdminEndpoint(app, auth, operatorLoginEndpoint, async ({ body, request, reply }) => {
    const { token, session } = await auth.login({
      ...body,
      address: request.ip,
      demoAllowed: !deps.production,
    });
    reply.setCookie(OPERATOR_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.cookieSecure,
      path: ADMIN_API_PREFIX,
      maxAge: OPERATOR_SESSION_MAX_MS / 1000,
    });
    return session;
  });
  registerAdminEndpoint(app, auth, operatorMeEndpoint, async ({ session }) => ({
    operator: session.operator,
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
  }));
  registerAdminEndpoint(app, auth, operatorListEndpoint, () => auth.listOperators());
  registerAdminEndpoint(app, auth, operatorUnlockEndpoint, ({ actor, body }) =>
    auth.unlock(actor, body.operatorId),
  );
  registerAdminEndpoint(app, auth, operatorLogoutEndpoint, async ({ session, reply }) => {
    await auth.logout(session.tokenHash);
    reply.clearCookie(OPERATOR_COOKIE, { path: ADMIN_API_PREFIX });
    return { loggedOut: true as const };
  });

  registerAdminEndpoint(app, auth, adminNoticeListEndpoint, ({ body }) => deps.adminNotices.list(body));
  registerAdminEndpoint(app, auth, adminNoticeCreateEndpoint, ({ actor, body }) =>
    deps.adminNotices.create(actor, body),
  );
  registerAdminEndpoint(app, auth, adminNoticeUpdateEndpoint, ({ actor, body }) =>
    deps.adminNotices.update(actor, body.noticeId, body),
  );
  registerAdminEndpoint(app, auth, adminNoticeDeleteEndpoint, ({ actor, body }) =>
    deps.adminNotices.remove(actor, body.noticeId),
  );

  registerAdminEndpoint(app, auth, adminPopupListEndpoint, ({ body }) => deps.adminPopups.list(body));
  registerAdminEndpoint(app, auth, adminPopupCreateEndpoint, ({ actor, body }) =>
    deps.adminPopups.create(actor, body),
  );
  registerAdminEndpoint(app, auth, adminPopupUpdateEndpoint, ({ actor, body }) =>
    deps.adminPopups.update(actor, body.popupId, body),
  );
  registerAdminEndpoint(app, auth, adminPopupDeleteEndpoint, ({ actor, body }) =>
    deps.adminPopups.remove(actor, body.popupId),
  );

  registerAdminEndpoint(app, auth, adminForbiddenWordListEndpoint, () => deps.adminForbiddenWords.list());
  registerAdminEndpoint(app, auth, adminForbiddenWordAddEndpoint, ({ actor, body }) =>
    deps.adminForbiddenWords.add(actor, body.word),
  );
  registerAdminEndpoint(app, auth, adminForbiddenWordRemoveEndpoint, ({ actor, body }) =>
    deps.adminForbiddenWords.remove(actor, body.word),
  );
  registerAdminEndpoint(app, auth, adminForbiddenWordTryEndpoint, ({ body }) =>
    deps.adminForbiddenWords.tryText(body.text),
  );

  registerAdminEndpoint(app, auth, adminFaqListEndpoint, () => deps.adminFaqs.list());
  registerAdminEndpoint(app, auth, adminFaqCreateEndpoint, ({ actor, body }) =>
    deps.adminFaqs.create(actor, body),
  );
  registerAdminEndpoint(app, auth, adminFaqUpdateEndpoint, ({ actor, body }) =>
    deps.adminFaqs.update(actor, body.faqId, body),
  );
  registerAdminEndpoint(app, auth, adminFaqDeleteEndpoint, ({ actor, body }) =>
    deps.adminFaqs.remove(actor, body.faqId),
  );

  registerAdminChallengeRoutes(app, auth, deps.adminChallenges);
  registerAdminContentRoutes(app, auth, deps.adminContent);
  registerAdminPeopleRoutes(app, auth, deps.adminPeople);
  registerAdminReportRoutes(app, auth, deps.adminReports);
  registerAdminTeamRoutes(app, auth, deps.adminTeams);
  registerAdminDashboardRoutes(app, auth, {
    dashboard: deps.adminDashboard,
    badgeRules: deps.adminBadgeRules,
  });

  registerAdminEndpoint(app, auth, adminActivityLogListEndpoint, ({ body }) => deps.adminLogs.activity(body));
  registerAdminEndpoint(app, auth, adminLoginLogListEndpoint, ({ body }) => deps.adminLogs.login(body));

  const rewardFilter = (body: {
    subChallengeId?: number | undefined;
    kind?: 'PAID' | 'TRAFFIC' | 'BADGES' | undefined;
    status?: 'PENDING' | 'PAID' | 'CANCELLED' | undefined;
  }) => ({
    subChallengeId: body.subChallengeId,
    kind: body.kind,
    status: body.status,
  });
  registerAdminEndpoint(app, auth, adminRewardListEndpoint, ({ body }) =>
    deps.adminRewards.list({ ...rewardFilter(body), offset: body.offset, limit: body.limit }),
  );
  registerAdminEndpoint(app, auth, adminRewardMarkPaidEndpoint, ({ actor, body }) =>
    deps.adminRewards.markPaid(actor, body),
  );
  registerAdminEndpoint(app, auth, adminRewardCancelEndpoint, ({ actor, body }) =>
    deps.adminRewards.cancel(actor, { rewardId: body.rewardId, reason: body.reason }),
  );
  registerAdminEndpoint(app, auth, adminRewardExportEndpoint, ({ actor, body }) =>
    deps.adminRewards.exportCsv(actor, rewardFilter(body)),
  );

  registerAdminEndpoint(app, auth, auditListEndpoint, ({ body }) =>
    deps.audit.list(deps.db, {
      offset: body.offset,
      limit: body.limit,
      ...(body.action ? { action: body.action } : {}),
      ...(body.operatorId && /^\d{1,9}$/.test(body.operatorId)
        ? { operatorId: Number(body.operatorId) }
        : {}),
      ...(body.target ? { target: body.target } : {}),
      ...(body.from ? { fromAt: seoulDayStart(body.from).toISOString() } : {}),
      ...(body.to ? { toAt: seoulDayEnd(body.to).toISOString() } : {}),
    }),
  );
  registerAdminEndpoint(app, auth, auditOperatorsEndpoint, () => deps.audit.operators(deps.db));
}
