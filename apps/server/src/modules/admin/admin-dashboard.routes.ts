import {
  adminBadgeRuleActivateEndpoint,
  adminBadgeRuleCreateEndpoint,
  adminBadgeRuleListEndpoint,
  adminBadgeRuleUpdateEndpoint,
} from '@hamkke/contract/admin/badge-rules';
import { adminDashboardEndpoint } from '@hamkke/contract/admin/dashboard';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../plugins/admin-endpoints.ts';
import type { createAdminBadgeRulesService } from './admin-badge-rules.service.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';
import type { OperatorAuthService } from './operator-auth.service.ts';

/** The console's dashboard (any operator) and badge rules (content). */
export function registerAdminDashboardRoutes(
  app: FastifyInstance,
  auth: OperatorAuthService,
  services: {
    dashboard: AdminDashboardService;
    badgeRules: ReturnType<typeof createAdminBadgeRulesService>;
  },
): void {
  const { dashboard, badgeRules } = services;
  registerAdminEndpoint(app, auth, adminDashboardEndpoint, () => dashboard.summary());
  registerAdminEndpoint(app, auth, adminBadgeRuleListEndpoint, () => badgeRules.list());
  registerAdminEndpoint(app, auth, adminBadgeRuleCreateEndpoint, ({ actor, body }) =>
    badgeRules.create(actor, body),
  );
  registerAdminEndpoint(app, auth, adminBadgeRuleUpdateEndpoint, ({ actor, body }) => {
    const { badgeRuleId, ...fields } = body;
    return badgeRules.update(actor, badgeRuleId, fields);
  });
  registerAdminEndpoint(app, auth, adminBadgeRuleActivateEndpoint, ({ actor, body }) =>
    badgeRules.setActive(actor, body.badgeRuleId, body.active),
  );
}
