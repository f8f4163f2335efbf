import { z } from 'zod';
import { isoDaySchema } from '../dates.ts';
import { defineEndpoint } from '../endpoint.ts';
import { challengeTypeSchema } from '../mission/mission.ts';

/**
 * What a round's close grants (product.md "Rankings, badges, medals and rewards"): medals to the top
 * three teams of a round and the top three members of each team, and rewards to members whose
 * completion rate reached the round's threshold. Every grant is a row written once.
 */

export const medalSchema = z.enum(['GOLD', 'SILVER', 'BRONZE']);
export type Medal = z.infer<typeof medalSchema>;

/** Places 1–3 get a medal; everything else none. */
export function medalOf(rank: number): Medal | null {
  return rank === 1 ? 'GOLD' : rank === 2 ? 'SILVER' : rank === 3 ? 'BRONZE' : null;
}

/**
 * - `PAID`: points or a gift (the round's `paidRewardUnit`), an amount set per round;
 * - `TRAFFIC`: mobile data, in MB;
 * - `BADGES`: the round's completion badge, granted with the reward.
 */
export const rewardKindSchema = z.enum(['PAID', 'TRAFFIC', 'BADGES']);
export type RewardKind = z.infer<typeof rewardKindSchema>;

/** A ledger row moves pending → paid, or pending → cancelled; never back. */
export const rewardStatusSchema = z.enum(['PENDING', 'PAID', 'CANCELLED']);
export type RewardStatus = z.infer<typeof rewardStatusSchema>;

/** What a reward's amount counts: points, a gift (amount = how many), megabytes, badges. */
export const rewardUnitSchema = z.enum(['POINT', 'GIFT', 'MB', 'BADGE']);
export type RewardUnit = z.infer<typeof rewardUnitSchema>;

export const rewardSchema = z.object({
  rewardId: z.string(),
  kind: rewardKindSchema,
  unit: rewardUnitSchema,
  amount: z.number().int(),
  /** A gift's or a badge's name; empty for points and data. */
  itemName: z.string(),
  status: rewardStatusSchema,
  /** Who received it: the caller or one of their children. */
  userId: z.string(),
  alias: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  challengeTitle: z.string(),
  subChallengeId: z.string(),
  roundTitle: z.string(),
  /** The person's completion rate in the round, 0–1, when the reward was granted. */
  completionRate: z.number(),
  grantedAt: z.string(),
  /**
   * When it moved to paid or cancelled (an instant; its Seoul day is the day it was paid). Null while
   * pending: only a paid reward may be said to be received (product.md, Trust).
   */
  settledAt: z.string().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const medalAwardSchema = z.object({
  medalId: z.string(),
  /** A team's place among the round's teams, or a member's place in their team. */
  scope: z.enum(['TEAM', 'MEMBER']),
  medal: medalSchema,
  rank: z.number().int(),
  teamId: z.string(),
  teamName: z.string(),
  teamEmoji: z.string(),
  roundTitle: z.string(),
  /** The member, for a member medal. */
  userId: z.string().nullable(),
  alias: z.string().nullable(),
  grantedAt: z.string(),
});
export type MedalAward = z.infer<typeof medalAwardSchema>;

export const rewardTotalSchema = z.object({
  kind: rewardKindSchema,
  unit: rewardUnitSchema,
  /** Pending and paid together; cancelled ones do not count. */
  amount: z.number().int(),
  count: z.number().int(),
  /** Of these, what is paid already (the rest waits for its payout). */
  paidAmount: z.number().int(),
  paidCount: z.number().int(),
});
export type RewardTotal = z.infer<typeof rewardTotalSchema>;

export const REWARD_HISTORY_PAGE_MAX = 50;

/** `/my/rewardHistory`: the caller's rewards and their children's, newest first, with totals per kind. */
export const rewardHistoryEndpoint = defineEndpoint({
  path: 'user/reward-history',
  auth: 'user',
  summary: '보상 내역 (나와 자녀, 종류별 합계)',
  request: z.object({
    offset: z.number().int().min(0).max(100_000).default(0),
    limit: z.number().int().min(1).max(REWARD_HISTORY_PAGE_MAX).default(20),
  }),
  response: z.object({
    items: z.array(rewardSchema),
    hasMore: z.boolean(),
    totals: z.array(rewardTotalSchema),
    medals: z.array(medalAwardSchema),
  }),
});

/** A team membership whose round closed and whose results wait to be seen (spec §4, reward notice). */
export const rewardNoticeSchema = z.object({
  teamId: z.string(),
  teamMbrId: z.string(),
  teamName: z.string(),
  teamEmoji: z.string(),
  challengeType: challengeTypeSchema,
  challengeId: z.string(),
  subChallengeId: z.string(),
  roundTitle: z.string(),
  endDate: isoDaySchema.nullable(),
  /** The team's final place among the round's teams, and the caller's in the team. */
  teamRank: z.number().int().nullable(),
  memberRank: z.number().int().nullable(),
  completionRate: z.number(),
  medals: z.array(medalSchema),
  /**
   * The family's rewards in this team (a parent's and their children's; a child's own), each with
   * its state: the notice shows again when one of them is paid (decision 066).
   */
  rewards: z.array(rewardSchema),
  rewardNoticeDisplayYn: z.enum(['Y', 'N']),
});
export type RewardNotice = z.infer<typeof rewardNoticeSchema>;

/** `/home`: the newest closed team of the caller whose reward notice is still to be shown, or null. */
export const rewardNoticeEndpoint = defineEndpoint({
  path: 'team/reward-notice',
  auth: 'user',
  summary: '보상 안내 (종료된 기수의 결과, 표시 여부 Y인 것)',
  request: z.object({}),
  response: z.object({ notice: rewardNoticeSchema.nullable() }),
});
