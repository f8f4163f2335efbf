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
import { adminDashboardEndpoint } from '@hamkke/contract/admin/dashboard';
import { adminPersonDetailEndpoint } from '@hamkke/contract/admin/people';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  registerAdminEndpoint,
  registerConsoleRead,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';
import type { AuditService } from './audit.service.ts';
import type { PersonDetailService } from './person-detail.service.ts';
import { OPERATOR_SESSION_MAX_MS, type OperatorAuthService } from './operator-auth.service.ts';

/** The console's own calls: sign-in and operators, the audit log, the dashboard, a family's page. */
export function registerAdminRoutes(
  app: FastifyInstance,
  kit: ConsoleKit,
  deps: {
    db: Kysely<Database>;
    operatorAuth: OperatorAuthService;
    audit: AuditService;
    personDetail: PersonDetailService;
    adminDashboard: AdminDashboardService;
    cookieSecure: boolean;
    production: boolean;
  },
): void {
  const { operatorAuth: auth } = deps;

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

  registerConsoleRead(app, kit, adminDashboardEndpoint, () => deps.adminDashboard.summary());
  registerConsoleRead(app, kit, adminPersonDetailEndpoint, ({ body }) =>
    deps.personDetail.detail(body.userId),
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
