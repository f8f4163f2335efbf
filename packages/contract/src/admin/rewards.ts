import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint, pageRequestSchema } from './endpoint.ts';

/*
 * The ledger's enums, spelled here rather than imported from reward/rewards.ts: importing that
 * module would make it (and the contract's endpoint helpers) a chunk shared by the app's first load
 * and the console, growing the first load. A test keeps both spellings equal.
 */
export const adminRewardKindSchema = z.enum(['PAID', 'TRAFFIC', 'BADGES']);
export const adminRewardStatusSchema = z.enum(['PENDING', 'PAID', 'CANCELLED']);
export const adminRewardUnitSchema = z.enum(['POINT', 'GIFT', 'MB', 'BADGE']);

/** A reward ledger row as support sees it: who, which round and team, what, and where it stands. */
export const adminRewardSchema = z.object({
  rewardId: z.string(),
  userId: z.string(),
  name: z.string(),
  alias: z.string(),
  teamName: z.string(),
  subChallengeId: z.string(),
  roundTitle: z.string(),
  kind: adminRewardKindSchema,
  unit: adminRewardUnitSchema,
  amount: z.number().int(),
  itemName: z.string(),
  status: adminRewardStatusSchema,
  /** Completion rate in the round, 0–1, when it was granted. */
  completionRate: z.number(),
  grantedAt: z.string(),
  settledAt: z.string().nullable(),
  /** The payout partner's reference, once paid. */
  payoutRef: z.string().nullable(),
  /** Why it was cancelled. */
  cancelReason: z.string().nullable(),
});
export type AdminReward = z.infer<typeof adminRewardSchema>;

export const rewardFilterSchema = z.object({
  subChallengeId: idSchema.optional(),
  kind: adminRewardKindSchema.optional(),
  status: adminRewardStatusSchema.optional(),
});

export const adminRewardListEndpoint = defineAdminEndpoint({
  path: 'rewards/list',
  access: ['support'],
  summary: '보상 원장 (기수·종류·상태로 거르기, 최신순)',
  request: pageRequestSchema.extend(rewardFilterSchema.shape),
  response: z.object({ items: z.array(adminRewardSchema), total: z.number().int().nonnegative() }),
});

/** Pending rewards become paid with the payout partner's reference; others are left as they are. */
export const adminRewardMarkPaidEndpoint = defineAdminEndpoint({
  path: 'rewards/mark-paid',
  access: ['support'],
  summary: '보상 지급 완료 처리 (여러 건, 지급 참조번호)',
  request: z.object({
    rewardIds: z.array(idSchema).min(1).max(500),
    payoutRef: z.string().trim().min(1).max(100),
  }),
  response: z.object({
    paid: z.number().int().nonnegative(),
    /** Ids that were not pending (already paid or cancelled, or unknown): untouched. */
    skipped: z.array(z.string()),
  }),
});

export const adminRewardCancelEndpoint = defineAdminEndpoint({
  path: 'rewards/cancel',
  access: ['support'],
  summary: '보상 취소 (사유와 함께, 대기 중인 것만)',
  request: z.object({ rewardId: idSchema, reason: z.string().trim().min(2).max(200) }),
  response: adminRewardSchema,
});

/**
 * The filtered ledger as CSV for the payout partner (decision 027): UTF-8 with a BOM and CRLF for
 * Excel, Korean headers and labels of kinds and statuses, KST times (`YYYY-MM-DD HH:mm:ss`), the
 * phone number the payout goes to (a child's: the parent's), formula-looking cells written as text,
 * and `rewards-<KST day>.csv`. It reveals phone numbers, so every export is one audit row with the
 * filter, the fields and the row count.
 */
export const adminRewardExportEndpoint = defineAdminEndpoint({
  path: 'rewards/export',
  access: ['support'],
  summary: '보상 원장 CSV 내보내기',
  request: rewardFilterSchema,
  response: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int().nonnegative() }),
});
