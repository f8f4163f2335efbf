import {
  adminReportDismissEndpoint,
  adminReportHideEndpoint,
  adminReportQueueEndpoint,
  adminReportSuspendEndpoint,
} from '@hamkke/contract/admin/reports';
import { REPORT_PENDING_REASON } from '@hamkke/contract/mission/report';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, ReportCaseStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  registerAuditedEndpoint,
  registerConsoleRead,
  type Actor,
  type ConsoleKit,
} from '../../plugins/admin-endpoints.ts';
import { plainText } from '../../lib/rich-text.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ReportsService } from './reports.service.ts';

type Decision = 'hide' | 'dismiss' | 'suspend';

/**
 * The moderation queue (support, decisions 045 and 065): this module's cases with the photos; an
 * operator's decision is the owners' operations (missions hides, users suspends, this module
 * records) in the transaction the console opens, with its audit row.
 */
function createReportsConsole(deps: {
  db: Kysely<Database>;
  files: FilesService;
  users: UsersService;
  certificationOversight: CertificationOversightService;
  reports: ReportsService;
}) {
  const { files, users, certificationOversight, reports } = deps;

  async function decide(
    trx: Kysely<Database>,
    actor: Actor,
    certificationId: number,
    decision: Decision,
    reason: string | null,
  ) {
    {
      const kase = await reports.caseOf(certificationId, trx);
      const before = await certificationOversight.state(certificationId, trx);
      if (!kase || !before) throw new AppError('NOT_FOUND', 'No such reported certification');
      if (kase.status !== 'OPEN') throw new AppError('CONFLICT', 'Decided already');
      let suspended = false;
      let hiddenReason: string | null = before.hiddenReason;
      if (decision === 'dismiss') {
        // Shown again only when the reports hid it (an operator's own hiding stays).
        const hiddenByReports = before.hiddenAt !== null && before.hiddenReason === REPORT_PENDING_REASON;
        if (hiddenByReports) {
          await certificationOversight.show(certificationId, trx);
          hiddenReason = null;
        }
        await reports.decide(
          {
            certificationId,
            status: 'DISMISSED',
            operatorId: actor.operatorId,
            notice: hiddenByReports ? 'RESTORED' : null,
          },
          trx,
        );
      } else {
        await certificationOversight.hideOrRephrase(certificationId, reason!, trx);
        hiddenReason = reason;
        if (decision === 'suspend') {
          const family = await users.findById(kase.author_id, trx);
          const parentId = family?.parent_user_id ?? kase.author_id;
          const parent = await users.parent(parentId, trx);
          if (parent && parent.suspended_at === null) {
            await users.setFamilySuspended(parentId, reason, trx);
          }
          suspended = true;
        }
        await reports.decide(
          { certificationId, status: 'HIDDEN', operatorId: actor.operatorId, notice: 'HIDDEN' },
          trx,
        );
      }
      const status: ReportCaseStatus = decision === 'dismiss' ? 'DISMISSED' : 'HIDDEN';
      const audited = {
        action: `report.${decision}`,
        target: `certification:${certificationId}`,
        before: {
          status: kase.status,
          hidden: before.hiddenAt !== null,
          reason: before.hiddenReason,
          userId: before.userId,
        },
        after: { status, hidden: hiddenReason !== null, reason: hiddenReason, suspended },
      };
      return {
        answer: { certificationId: String(certificationId), status, hiddenReason, suspended },
        audit: audited,
      };
    }
  }

  return {
    async queue(input: { status: ReportCaseStatus; offset: number; limit: number }) {
      const page = await reports.queue(input);
      const photosOf = await files.consolePhotosOf(page.items.map((item) => item.row.certification_id));
      return {
        total: page.total,
        items: page.items.map(({ row, reports: list, families, history }) => ({
          certification: {
            certificationId: String(row.certification_id),
            userId: String(row.author_id),
            authorAlias: row.alias,
            missionTitle: row.title,
            date: row.certified_on,
            text: plainText(row.content_html),
            photos: photosOf(row.certification_id),
            createdAt: row.created_at,
            hiddenAt: row.hidden_at,
            hiddenReason: row.hidden_reason,
          },
          status: row.status,
          autoHiddenAt: row.auto_hidden_at,
          decidedAt: row.decided_at,
          reports: list.map((report) => ({
            reporterAlias: report.alias,
            reason: report.reason,
            note: report.note,
            createdAt: report.created_at,
          })),
          families,
          author: {
            userId: String(row.author_id),
            alias: row.alias,
            familyUserId: String(row.family_id),
            suspendedAt: row.suspended_at,
            otherReportedCertifications: history.otherReported,
            hiddenCertifications: history.hidden,
          },
        })),
      };
    },
    decide,
  };
}

/** The moderation queue of reported certifications (support). */
export function registerReportsConsole(
  app: FastifyInstance,
  kit: ConsoleKit,
  services: {
    files: FilesService;
    users: UsersService;
    certificationOversight: CertificationOversightService;
    reports: ReportsService;
  },
): void {
  const reports = createReportsConsole({ db: kit.db, ...services });
  registerConsoleRead(app, kit, adminReportQueueEndpoint, ({ body }) => reports.queue(body));
  registerAuditedEndpoint(app, kit, adminReportHideEndpoint, ({ actor, body, trx }) =>
    reports.decide(trx, actor, body.certificationId, 'hide', body.reason),
  );
  registerAuditedEndpoint(app, kit, adminReportDismissEndpoint, ({ actor, body, trx }) =>
    reports.decide(trx, actor, body.certificationId, 'dismiss', null),
  );
  registerAuditedEndpoint(app, kit, adminReportSuspendEndpoint, ({ actor, body, trx }) =>
    reports.decide(trx, actor, body.certificationId, 'suspend', body.reason),
  );
}
