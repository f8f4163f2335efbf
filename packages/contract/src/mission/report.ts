import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';

/*
 * Reports (issue 29 item 4, decision 045): anyone signed in who can see a certification — the
 * holder of its shared day's link, or a teammate of its author — may report it once. Reports from
 * REPORT_HIDE_FAMILIES different families hide it at once until an operator decides.
 */

/** 부적절한 사진, 개인정보 노출, 광고/스팸, 기타 (the web app's catalog names them). */
export const reportReasons = ['INAPPROPRIATE_PHOTO', 'PERSONAL_INFO', 'SPAM', 'OTHER'] as const;
export const reportReasonSchema = z.enum(reportReasons);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/**
 * Reports from this many different *trusted* families hide a certification pending an operator's
 * review (issue 46, decision 068); other reports queue it without hiding anything.
 */
export const REPORT_HIDE_FAMILIES = 3;
/**
 * A trusted family: its parent passed the membership check and the reporter shares a team with the
 * author, or the family certified on at least this many different days.
 */
export const TRUSTED_FAMILY_DAYS = 7;
/** An account younger than this many days is new: its reports are limited per day. */
export const NEW_ACCOUNT_DAYS = 7;
/** Reports a new account may send per day. */
export const NEW_ACCOUNT_REPORTS_PER_DAY = 3;
/** Reports one person may send per hour. */
export const REPORTS_PER_HOUR = 10;
export const MAX_REPORT_NOTE_LENGTH = 200;
/** The hidden reason its author reads while an operator has not decided yet. */
export const REPORT_PENDING_REASON = '신고로 가려졌어요 — 운영자가 확인 중이에요';

export const reportCertificationEndpoint = defineEndpoint({
  path: 'mission/report-certification',
  auth: 'user',
  summary: '인증 신고 (한 사람이 한 번, 공유 링크나 같은 팀에서 보이는 인증만)',
  request: z.object({
    certificationId: idSchema,
    reason: reportReasonSchema,
    /** Only read with OTHER (기타). A second report of the same certification is 409 CONFLICT. */
    note: z.string().trim().max(MAX_REPORT_NOTE_LENGTH).optional(),
    /** The shared day's link it was seen on; without it, the reporter must be the author's teammate. */
    shareUuid: z.string().uuid().optional(),
  }),
  response: z.object({ certificationId: z.string(), reported: z.literal(true) }),
});

/**
 * What the author is told: UNDER_REVIEW (hidden by reports, an operator is looking), HIDDEN (an
 * operator hid it, with the reason), RESTORED (the operator found nothing wrong: shown again).
 */
export const reportOutcomes = ['UNDER_REVIEW', 'HIDDEN', 'RESTORED'] as const;
export const reportOutcomeSchema = z.enum(reportOutcomes);
export type ReportOutcome = z.infer<typeof reportOutcomeSchema>;

export const reportNoticeSchema = z.object({
  certificationId: z.string(),
  missionTitle: z.string(),
  date: isoDaySchema,
  outcome: reportOutcomeSchema,
  /** The hidden reason (UNDER_REVIEW and HIDDEN); null when shown again. */
  reason: z.string().nullable(),
  at: z.string(),
});
export type ReportNotice = z.infer<typeof reportNoticeSchema>;

/** The caller's certifications whose report outcome they have not acknowledged yet. */
export const reportNoticesEndpoint = defineEndpoint({
  path: 'home/report-notices',
  auth: 'user',
  summary: '내 인증의 신고 처리 결과 (확인 전)',
  request: z.object({}),
  response: z.object({ items: z.array(reportNoticeSchema) }),
});

export const reportNoticeSeenEndpoint = defineEndpoint({
  path: 'home/report-notice-seen',
  auth: 'user',
  summary: '신고 처리 결과 확인',
  request: z.object({ certificationId: idSchema }),
  response: z.object({ seen: z.literal(true) }),
});
