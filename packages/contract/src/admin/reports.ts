import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { reportReasonSchema } from '../mission/report.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';
import { adminPersonCertificationSchema } from './people.ts';

/*
 * The moderation queue (support, decision 045): reported certifications with their photos, the
 * reports and their reasons and the author's history; an operator hides, dismisses or suspends,
 * each an audit row.
 */

const reasonSchema = z.string().trim().min(2).max(200);

export const reportCaseStatuses = ['OPEN', 'HIDDEN', 'DISMISSED'] as const;
export const reportCaseStatusSchema = z.enum(reportCaseStatuses);

export const adminReportCaseSchema = z.object({
  certification: adminPersonCertificationSchema,
  status: reportCaseStatusSchema,
  /** Hidden at once by reports from enough families, pending this review. */
  autoHiddenAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reports: z.array(
    z.object({
      reporterAlias: z.string(),
      reason: reportReasonSchema,
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Different families among the reporters. */
  families: z.number().int().nonnegative(),
  author: z.object({
    userId: z.string(),
    alias: z.string(),
    /** The author's family (the parent) — what a suspension applies to. */
    familyUserId: z.string(),
    suspendedAt: z.string().nullable(),
    /** The author's other certifications that were reported, and hidden (by anyone's decision). */
    otherReportedCertifications: z.number().int().nonnegative(),
    hiddenCertifications: z.number().int().nonnegative(),
  }),
});
export type AdminReportCase = z.infer<typeof adminReportCaseSchema>;

/** Open cases first (oldest report first); `status` narrows it. */
export const adminReportQueueEndpoint = defineAdminEndpoint({
  path: 'reports/queue',
  access: ['support'],
  summary: '신고된 인증 (검토 대기열)',
  request: pageRequestSchema.extend({ status: reportCaseStatusSchema.default('OPEN') }),
  response: z.object({ items: z.array(adminReportCaseSchema), total: z.number().int().nonnegative() }),
});

const decisionResponse = z.object({
  certificationId: z.string(),
  status: reportCaseStatusSchema,
  hiddenReason: z.string().nullable(),
  suspended: z.boolean(),
});

/** Hides it for good (its author reads the reason); it stops counting everywhere. */
export const adminReportHideEndpoint = defineAdminEndpoint({
  path: 'reports/hide',
  access: ['support'],
  summary: '신고된 인증 숨기기 (사유와 함께)',
  request: z.object({ certificationId: idSchema, reason: reasonSchema }),
  response: decisionResponse,
});

/** Nothing wrong: the case closes, and a certification the reports hid is shown again. */
export const adminReportDismissEndpoint = defineAdminEndpoint({
  path: 'reports/dismiss',
  access: ['support'],
  summary: '신고 기각 (다시 보이기)',
  request: z.object({ certificationId: idSchema }),
  response: decisionResponse,
});

/** Hides it and suspends the author's family (the existing suspension). */
export const adminReportSuspendEndpoint = defineAdminEndpoint({
  path: 'reports/suspend',
  access: ['support'],
  summary: '신고된 인증 숨기기와 작성자 가족 이용 정지',
  request: z.object({ certificationId: idSchema, reason: reasonSchema }),
  response: decisionResponse,
});
