import {
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_REPORTS_PER_DAY,
  REPORT_HIDE_FAMILIES,
  TRUSTED_FAMILY_DAYS,
  REPORT_PENDING_REASON,
  REPORTS_PER_HOUR,
  type ReportOutcome,
  type ReportReason,
} from '@hamkke/contract/mission/report';
import type { Kysely } from 'kysely';
import type { Database, ReportCaseStatus } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createRateLimiter, type CounterStore } from '../../lib/rate-limiter.ts';
import type { CertificationOversightService } from '../missions/certification-oversight.service.ts';
import type { PhotoReuseService } from './photo-reuse.service.ts';
import {
  areTeammates,
  countReportingFamilies,
  decideCase,
  findAccountCreatedAt,
  findAuthorHistory,
  findCase,
  findCasePage,
  findFamilyOf,
  findReportable,
  findReportsOf,
  findUnseenNotices,
  hasReported,
  isTrustedReporter,
  insertReport,
  isSharedDay,
  markAutoHidden,
  markNoticeSeen,
  upsertCase,
} from './reports.repository.ts';

/**
 * Reports of certifications (decision 045): who may report what, once; the threshold that hides a
 * certification pending review; the queue the console reads and the outcome its author is told.
 * Hiding is the missions module's (the scores move there, once).
 */
export function createReportsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  counters: CounterStore;
  certificationOversight: CertificationOversightService;
  /** Voids of reused photos are told through the same notices (decision 069). */
  photoReuse: Pick<PhotoReuseService, 'voidNotices' | 'markVoidSeen'>;
}) {
  const { db, clock, certificationOversight, photoReuse } = deps;
  const perHour = createRateLimiter(deps.counters, {
    name: 'certification-reports',
    limit: REPORTS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
  });
  // A new account (decision 068): a few reports a day, so fresh accounts cannot be a weapon.
  const newAccountPerDay = createRateLimiter(deps.counters, {
    name: 'certification-reports-new-account',
    limit: NEW_ACCOUNT_REPORTS_PER_DAY,
    windowMs: 24 * 60 * 60 * 1000,
  });

  return {
    /**
     * 신고는 한 사람이 한 번, 볼 수 있는 인증만 할 수 있어요: the reporter must hold the day's share
     * link or be the author's teammate (anything else is 404, as if there were no such
     * certification); never one's own family's. Reports from {@link REPORT_HIDE_FAMILIES} trusted
     * families hide it at once, pending an operator's review; others queue it (decision 068). A new
     * account sends {@link NEW_ACCOUNT_REPORTS_PER_DAY} a day at most.
     */
    async report(
      reporterId: number,
      input: {
        certificationId: number;
        reason: ReportReason;
        note?: string | undefined;
        shareUuid?: string | undefined;
      },
    ) {
      await perHour.consume(String(reporterId));
      const createdAt = await findAccountCreatedAt(db, reporterId);
      const accountAgeMs = createdAt === undefined ? 0 : clock().getTime() - Date.parse(createdAt);
      if (accountAgeMs < NEW_ACCOUNT_DAYS * 24 * 60 * 60 * 1000) {
        await newAccountPerDay.consume(String(reporterId));
      }
      const { certificationId } = input;
      try {
        return await db.transaction().execute(async (trx) => {
          const target = await findReportable(trx, certificationId);
          if (!target) throw new AppError('NOT_FOUND', 'No such certification');
          const visible = input.shareUuid
            ? await isSharedDay(trx, input.shareUuid, target.user_id, target.certified_on)
            : await areTeammates(trx, reporterId, target.user_id);
          if (!visible) throw new AppError('NOT_FOUND', 'No such certification');
          const family = await findFamilyOf(trx, reporterId);
          if (family === undefined) throw new AppError('NOT_FOUND', 'No such person');
          if (family === Number(target.family_id)) {
            throw new AppError('FORBIDDEN', "A family's own certification cannot be reported");
          }
          const now = clock().toISOString();
          // The case row first: its lock makes reports of one certification take turns.
          const kase = await upsertCase(trx, {
            certificationId,
            authorId: target.user_id,
            now,
          });
          if (await hasReported(trx, certificationId, reporterId)) {
            throw new AppError('CONFLICT', 'Reported already');
          }
          const trusted = await isTrustedReporter(trx, {
            reporterId,
            familyId: family,
            authorId: target.user_id,
            days: TRUSTED_FAMILY_DAYS,
          });
          await insertReport(trx, {
            certification_id: certificationId,
            reporter_id: reporterId,
            reporter_family_id: family,
            reason: input.reason,
            note: input.reason === 'OTHER' && input.note ? input.note : null,
            created_at: now,
            trusted: trusted ? 1 : 0,
          });
          // An operator's dismissal stands: later reports reopen the case, but do not hide again.
          if (kase.auto_hidden_at === null && kase.decided_at === null) {
            const families = await countReportingFamilies(trx, certificationId);
            if (families >= REPORT_HIDE_FAMILIES && (await markAutoHidden(trx, certificationId, now))) {
              const state = await certificationOversight.state(certificationId, trx);
              if (state && state.hiddenAt === null) {
                await certificationOversight.hide(certificationId, REPORT_PENDING_REASON, trx);
              }
            }
          }
          return { certificationId: String(certificationId), reported: true as const };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Reported already');
        throw error;
      }
    },

    /** The author's outcomes not acknowledged yet, a void of a reused photo as HIDDEN with its reason. */
    async notices(authorId: number) {
      const [rows, voids] = await Promise.all([
        findUnseenNotices(db, authorId),
        photoReuse.voidNotices(authorId),
      ]);
      const voided = new Set(voids.map((row) => row.certification_id));
      return {
        items: [
          ...voids.map((row) => ({
            certificationId: String(row.certification_id),
            missionTitle: row.title,
            date: row.certified_on,
            outcome: 'HIDDEN' as const,
            reason: row.hidden_reason,
            at: row.author_notice_at ?? '',
          })),
          ...rows
            .filter((row) => !voided.has(row.certification_id))
            .map((row) => ({
              certificationId: String(row.certification_id),
              missionTitle: row.title,
              date: row.certified_on,
              outcome: row.author_notice as ReportOutcome,
              reason: row.author_notice === 'RESTORED' ? null : row.hidden_reason,
              at: row.author_notice_at ?? '',
            })),
        ],
      };
    },

    async markSeen(authorId: number, certificationId: number) {
      // Only the author's own cases: anyone else's id is 404, as if there were none.
      const voidSeen = await photoReuse.markVoidSeen(authorId, certificationId);
      const caseSeen = await markNoticeSeen(db, authorId, certificationId, clock().toISOString());
      if (!voidSeen && !caseSeen) {
        throw new AppError('NOT_FOUND', 'No such notice');
      }
      return { seen: true as const };
    },

    /** A page of cases with their reports and their authors' history (the console adds the photos). */
    async queue(input: { status: ReportCaseStatus; offset: number; limit: number }) {
      const page = await findCasePage(db, input);
      const ids = page.rows.map((row) => row.certification_id);
      const [reports, history] = await Promise.all([
        findReportsOf(db, ids),
        findAuthorHistory(db, [...new Set(page.rows.map((row) => row.author_id))]),
      ]);
      return {
        total: page.total,
        items: page.rows.map((row) => {
          const mine = reports.filter((report) => report.certification_id === row.certification_id);
          const past = history.get(row.author_id) ?? { reported: 0, hidden: 0 };
          return {
            row,
            reports: mine,
            families: new Set(mine.map((report) => report.reporter_family_id)).size,
            history: { otherReported: Math.max(0, past.reported - 1), hidden: past.hidden },
          };
        }),
      };
    },

    /** The case of a certification (null when it was never reported). */
    caseOf: async (certificationId: number, trx?: Kysely<Database>) =>
      (await findCase(trx ?? db, certificationId)) ?? null,

    /**
     * Records an operator's decision on an OPEN case (CONFLICT when decided already) and what its
     * author is told; the hiding itself is the caller's (through the missions module).
     */
    decide: (
      input: {
        certificationId: number;
        status: ReportCaseStatus;
        operatorId: number;
        notice: ReportOutcome | null;
      },
      trx?: Kysely<Database>,
    ) =>
      inTransaction(db, trx, async (trx) => {
        const moved = await decideCase(trx, { ...input, now: clock().toISOString() });
        if (!moved) throw new AppError('CONFLICT', 'Decided already');
      }),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
