import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idSchema } from '../ids.ts';

/**
 * Badges are rules over a person's history (product.md): each rule is a row with a kind and a
 * threshold, so the operator adds "a streak of 200 days" without code.
 * - `FIRST_CERTIFICATION`: the first certification (threshold 1);
 * - `STREAK`: certified on N Seoul days in a row;
 * - `CERTIFICATION_COUNT`: N certifications in all;
 * - `FIRST_TEAM`: joined a first team;
 * - `FIRST_INVITE_ACCEPTED`: someone accepted the person's invitation (link or direct) for the first time;
 * - `CHALLENGE_COMPLETED`: reached a challenge round's reward threshold when it closed (N rounds).
 */
export const badgeKinds = [
  'FIRST_CERTIFICATION',
  'STREAK',
  'CERTIFICATION_COUNT',
  'FIRST_TEAM',
  'FIRST_INVITE_ACCEPTED',
  'CHALLENGE_COMPLETED',
] as const;
export const badgeKindSchema = z.enum(badgeKinds);
export type BadgeKind = z.infer<typeof badgeKindSchema>;

export const badgeSchema = z.object({
  badgeId: z.string(),
  kind: badgeKindSchema,
  threshold: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Shown when there is no image. */
  emoji: z.string(),
  imageUrl: z.string().nullable(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const achievedBadgeSchema = badgeSchema.extend({
  achievedAt: z.string(),
  /** Shown once in the badges reward popup. */
  seen: z.boolean(),
});
export type AchievedBadge = z.infer<typeof achievedBadgeSchema>;

export const badgeStatusSchema = badgeSchema.extend({
  achieved: z.boolean(),
  achievedAt: z.string().nullable(),
  /** Where the person stands toward the threshold (capped at it). */
  progress: z.object({ current: z.number().int(), target: z.number().int() }),
});
export type BadgeStatus = z.infer<typeof badgeStatusSchema>;

export const streakSchema = z.object({
  /** Seoul days in a row up to today (or yesterday, if today has none yet). */
  current: z.number().int(),
  longest: z.number().int(),
  /** The last day with a certification. */
  lastDay: z.string().nullable(),
});
export type Streak = z.infer<typeof streakSchema>;

/** Whose badges: the caller (absent) or one of the caller's children. */
const personRequestSchema = z.object({ userId: idSchema.optional() });

export const achievedBadgesEndpoint = defineEndpoint({
  path: 'user/achieved-badges',
  auth: 'user',
  summary: '얻은 배지 (최근 순)',
  request: personRequestSchema,
  response: z.object({ badges: z.array(achievedBadgeSchema) }),
});

export const achievedBadgeCountEndpoint = defineEndpoint({
  path: 'user/achieved-badge-count',
  auth: 'user',
  summary: '얻은 배지 수와 전체 배지 수',
  request: personRequestSchema,
  response: z.object({ count: z.number().int(), total: z.number().int() }),
});

export const badgeStatusEndpoint = defineEndpoint({
  path: 'user/badge-status',
  auth: 'user',
  summary: '모든 배지와 달성 여부, 진행도',
  request: personRequestSchema,
  response: z.object({ badges: z.array(badgeStatusSchema), streak: streakSchema }),
});

/** At most this many badge ids are acknowledged in one call. */
export const MAX_SEEN_BADGES = 50;

/**
 * The caller's badges not answered yet, each answered once: the call that answers a badge marks it
 * seen (of concurrent calls, one gets it), so a badge pops up once. The popup may still send the ids
 * it showed in `seen` (marked first; they never come back).
 */
export const newBadgesEndpoint = defineEndpoint({
  path: 'user/new-badges',
  auth: 'user',
  summary: '새로 얻은 배지 (보여 준 배지는 seen으로 확인)',
  request: z.object({ seen: z.array(idSchema).max(MAX_SEEN_BADGES).default([]) }),
  response: z.object({ badges: z.array(achievedBadgeSchema) }),
});

export const firstBadgeEndpoint = defineEndpoint({
  path: 'user/first-badge',
  auth: 'user',
  summary: '처음 얻은 배지',
  request: personRequestSchema,
  response: z.object({ badge: achievedBadgeSchema.nullable() }),
});

/** `/active`'s summary: streak, certifications in all, badge counts and the newest badges. */
export const activityBadgesEndpoint = defineEndpoint({
  path: 'user/activity-badges',
  auth: 'user',
  summary: '활동 요약 (연속 인증, 누적 인증, 최근 배지)',
  request: personRequestSchema,
  response: z.object({
    streak: streakSchema,
    totalCertifications: z.number().int(),
    achievedCount: z.number().int(),
    totalBadges: z.number().int(),
    recent: z.array(achievedBadgeSchema),
  }),
});
