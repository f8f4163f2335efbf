import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { defineModule, type CoreDeps } from '../app-module.ts';
import type { CommonCodesAdminService } from '../common/common-codes-admin.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { FaqsAdminService } from '../content/faqs-admin.service.ts';
import type { ForbiddenWordsAdminService } from '../content/forbidden-words-admin.service.ts';
import type { NoticesAdminService } from '../content/notices-admin.service.ts';
import type { PopupsAdminService } from '../content/popups-admin.service.ts';
import type { ServiceInfoAdminService } from '../content/service-info-admin.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { MembershipRegistryService } from '../identity/membership-registry.service.ts';
import type { BadgeRulesAdminService } from '../rewards/badge-rules-admin.service.ts';
import type { RewardLedgerService } from '../rewards/reward-ledger.service.ts';
import type { TeamManagementService } from '../teams/team-management.service.ts';
import type { TermsAdminService } from '../terms/terms-admin.service.ts';
import type { LogPagesService } from '../identity/log-pages.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { RoundMissionsService } from '../missions/round-missions.service.ts';
import type { EarnedService } from '../rewards/earned.service.ts';
import type { RoundEditingService } from '../teams/round-editing.service.ts';
import type { RoundFiguresService } from '../teams/round-figures.service.ts';
import type { TeamDirectoryService } from '../teams/team-directory.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import { createAdminReportsService } from './admin-reports.service.ts';
import { createAdminBadgeRulesService } from './admin-badge-rules.service.ts';
import { createAdminChallengesService } from './admin-challenges.service.ts';
import { createAdminCommonCodesService } from './admin-common-codes.service.ts';
import { createAdminDashboardService } from './admin-dashboard.service.ts';
import { createAdminFaqsService } from './admin-faqs.service.ts';
import { createAdminRegistryService } from './admin-registry.service.ts';
import { createAdminServiceInfoService } from './admin-service-info.service.ts';
import { createAdminTermsService } from './admin-terms.service.ts';
import { createAdminForbiddenWordsService } from './admin-forbidden-words.service.ts';
import { createAdminLogsService } from './admin-logs.service.ts';
import { createAdminNoticesService } from './admin-notices.service.ts';
import { createAdminPeopleService } from './admin-people.service.ts';
import { createAdminPopupsService } from './admin-popups.service.ts';
import { createAdminRewardsService } from './admin-rewards.service.ts';
import { createAdminTeamsService } from './admin-teams.service.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { createAuditService } from './audit.service.ts';
import { createOperatorAuthService } from './operator-auth.service.ts';
import { createOperatorLock } from './operator-lock.ts';

const MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * MINUTE;

interface AdminNeeds {
  content: ContentService;
  noticesAdmin: NoticesAdminService;
  popupsAdmin: PopupsAdminService;
  faqsAdmin: FaqsAdminService;
  forbiddenWordsAdmin: ForbiddenWordsAdminService;
  serviceInfoAdmin: ServiceInfoAdminService;
  commonCodesAdmin: CommonCodesAdminService;
  termsAdmin: TermsAdminService;
  membershipRegistry: MembershipRegistryService;
  badgeRulesAdmin: BadgeRulesAdminService;
  rewardLedger: RewardLedgerService;
  files: FilesService;
  teamManagement: TeamManagementService;
  users: UsersService;
  logPages: LogPagesService;
  certificationOversight: CertificationOversightService;
  roundMissions: RoundMissionsService;
  roundEditing: RoundEditingService;
  roundFigures: RoundFiguresService;
  teamDirectory: TeamDirectoryService;
  earned: EarnedService;
  reports: ReportsService;
}

function buildAdminServices({
  db,
  clock,
  counters,
  content,
  noticesAdmin,
  popupsAdmin,
  faqsAdmin,
  forbiddenWordsAdmin,
  serviceInfoAdmin,
  commonCodesAdmin,
  termsAdmin,
  membershipRegistry,
  badgeRulesAdmin,
  rewardLedger,
  files,
  teamManagement,
  users,
  logPages,
  certificationOversight,
  roundMissions,
  roundEditing,
  roundFigures,
  teamDirectory,
  earned,
  reports,
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
    adminNotices: createAdminNoticesService({ db, audit, noticesAdmin }),
    adminRewards: createAdminRewardsService({ db, clock, audit, rewardLedger, users }),
    adminPopups: createAdminPopupsService({ db, audit, popupsAdmin }),
    adminForbiddenWords: createAdminForbiddenWordsService({ db, audit, content, forbiddenWordsAdmin }),
    adminFaqs: createAdminFaqsService({ db, audit, faqsAdmin }),
    adminLogs: createAdminLogsService({ logPages }),
    adminChallenges: createAdminChallengesService({ db, audit, roundEditing, roundMissions }),
    adminContent: {
      adminTerms: createAdminTermsService({ db, audit, termsAdmin }),
      adminServiceInfo: createAdminServiceInfoService({ db, audit, serviceInfoAdmin }),
      adminCommonCodes: createAdminCommonCodesService({ db, audit, commonCodesAdmin }),
      adminRegistry: createAdminRegistryService({ db, audit, membershipRegistry }),
    },
    adminPeople: createAdminPeopleService({
      db,
      audit,
      files,
      users,
      certificationOversight,
      teamDirectory,
      earned,
    }),
    adminReports: createAdminReportsService({
      db,
      audit,
      files,
      users,
      certificationOversight,
      reports,
    }),
    adminTeams: createAdminTeamsService({ db, clock, audit, teamDirectory, teamManagement, users }),
    adminDashboard: createAdminDashboardService({
      clock,
      users,
      certificationOversight,
      roundMissions,
      roundFigures,
    }),
    adminBadgeRules: createAdminBadgeRulesService({ db, audit, badgeRulesAdmin }),
  };
}

/** The operator console's API (`/v1/api/admin`): operators, their sessions, the audit log, content. */
export const adminModule = defineModule<ReturnType<typeof buildAdminServices>, AdminNeeds>({
  name: 'admin',
  needs: [
    'content',
    'noticesAdmin',
    'popupsAdmin',
    'faqsAdmin',
    'forbiddenWordsAdmin',
    'serviceInfoAdmin',
    'commonCodesAdmin',
    'termsAdmin',
    'membershipRegistry',
    'badgeRulesAdmin',
    'rewardLedger',
    'files',
    'teamManagement',
    'users',
    'logPages',
    'certificationOversight',
    'roundMissions',
    'roundEditing',
    'roundFigures',
    'teamDirectory',
    'earned',
    'reports',
  ],
  services: (deps) => buildAdminServices(deps),
  routes: (app, { services, config, db }) =>
    registerAdminRoutes(app, {
      db,
      operatorAuth: services.operatorAuth,
      audit: services.audit,
      adminNotices: services.adminNotices,
      adminRewards: services.adminRewards,
      adminPopups: services.adminPopups,
      adminForbiddenWords: services.adminForbiddenWords,
      adminFaqs: services.adminFaqs,
      adminLogs: services.adminLogs,
      adminChallenges: services.adminChallenges,
      adminContent: services.adminContent,
      adminPeople: services.adminPeople,
      adminReports: services.adminReports,
      adminTeams: services.adminTeams,
      adminDashboard: services.adminDashboard,
      adminBadgeRules: services.adminBadgeRules,
      cookieSecure: config.cookieSecure,
      production: config.env === 'production',
    }),
});
