import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { defineModule, type CoreDeps } from '../app-module.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import type { EarnedService } from '../rewards/earned.service.ts';
import type { RoundFiguresService } from '../teams/round-figures.service.ts';
import type { TeamDirectoryService } from '../teams/team-directory.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createAuditService } from './audit.service.ts';
import { createOperatorAuthService } from './operator-auth.service.ts';
import { createOperatorLock } from './operator-lock.ts';
import { createPersonDetailService } from './person-detail.service.ts';

const MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * MINUTE;

/**
 * What the console's own screens compose (decision 065): the dashboard's figures and a family's page
 * read users, missions, teams, rewards and files. Every other screen is its owning module's.
 */
interface AdminNeeds {
  files: FilesService;
  users: UsersService;
  certificationOversight: CertificationOversightService;
  roundMissions: RoundMissionsService;
  roundFigures: RoundFiguresService;
  teamDirectory: TeamDirectoryService;
  earned: EarnedService;
}

function buildAdminServices({
  db,
  clock,
  counters,
  files,
  users,
  certificationOversight,
  roundMissions,
  roundFigures,
  teamDirectory,
  earned,
}: CoreDeps & AdminNeeds) {
  const audit = createAuditService({ clock });
  return {
    audit,
    operatorAuth: createOperatorAuthService({
      db,
      clock,
      audit,
      // Per login id from any address (decision 030): after 5 failures within 24 hours the id
      // waits 1 minute, doubling with each further failure up to 1 hour (one attempt per wait),
      // until a success or an admin's unlock.
      lock: createOperatorLock(counters, clock, {
        name: 'operator-login-lock',
        freeFailures: 5,
        firstWaitMs: MINUTE,
        maxWaitMs: 60 * MINUTE,
        windowMs: 24 * 60 * MINUTE,
      }),
      // 5 failures per login id and address, 20 per address, within 15 minutes.
      limits: {
        perIdentity: createRateLimiter(counters, {
          name: 'operator-login-id',
          limit: 5,
          windowMs: FIFTEEN_MINUTES,
        }),
        perAddress: createRateLimiter(counters, {
          name: 'operator-login-address',
          limit: 20,
          windowMs: FIFTEEN_MINUTES,
        }),
      },
    }),
    personDetail: createPersonDetailService({
      db,
      files,
      users,
      certificationOversight,
      teamDirectory,
      earned,
    }),
    adminDashboard: createAdminDashboardService({
      clock,
      users,
      certificationOversight,
      roundMissions,
      roundFigures,
    }),
  };
}

/**
 * The operator console's own API (`/v1/api/admin`): operators, their sessions, the audit log, the
 * dashboard and a family's page. Every other console screen is registered by its owning module
 * through the console kit (plugins/admin-endpoints.ts, decision 065).
 */
export const adminModule = defineModule<ReturnType<typeof buildAdminServices>, AdminNeeds>({
  name: 'admin',
  needs: [
    'files',
    'users',
    'certificationOversight',
    'roundMissions',
    'roundFigures',
    'teamDirectory',
    'earned',
  ],
  services: (deps) => buildAdminServices(deps),
  routes: (app, { services, config, db, console }) =>
    registerAdminRoutes(app, console, {
      db,
      operatorAuth: services.operatorAuth,
      audit: services.audit,
      personDetail: services.personDetail,
      adminDashboard: services.adminDashboard,
      cookieSecure: config.cookieSecure,
      production: config.env === 'production',
    }),
});
