import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineAdminEndpoint } from './endpoint.ts';

/**
 * The badge kinds of `user/badges.ts`, spelled here so the console's chunk imports nothing the app's
 * first load has (a test keeps both equal). How each kind is measured is told there.
 */
export const adminBadgeKindSchema = z.enum([
  'FIRST_CERTIFICATION',
  'STREAK',
  'CERTIFICATION_COUNT',
  'FIRST_TEAM',
  'FIRST_INVITE_ACCEPTED',
  'CHALLENGE_COMPLETED',
]);
export type AdminBadgeKind = z.infer<typeof adminBadgeKindSchema>;

/** Kinds that are a "first": their only sensible threshold is 1. */
export const oneTimeBadgeKinds: readonly AdminBadgeKind[] = [
  'FIRST_CERTIFICATION',
  'FIRST_TEAM',
  'FIRST_INVITE_ACCEPTED',
];

export const adminBadgeRuleSchema = z.object({
  badgeRuleId: z.string(),
  kind: adminBadgeKindSchema,
  threshold: z.number().int(),
  name: z.string(),
  description: z.string(),
  emoji: z.string(),
  imageUrl: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
  /** People who have earned it: they keep it whatever the rule becomes. */
  earned: z.number().int().nonnegative(),
});
export type AdminBadgeRule = z.infer<typeof adminBadgeRuleSchema>;

/**
 * What an operator may change of a rule. The kind never changes (earned badges name it); a new
 * threshold applies to grants from now on — nobody loses a badge and nobody gets one retroactively
 * until their next event of that kind is evaluated.
 */
export const badgeRuleFields = z.object({
  name: z.string().trim().min(1).max(30),
  description: z.string().trim().min(1).max(200),
  /** One emoji (or a short symbol), shown when there is no image. */
  emoji: z.string().trim().min(1).max(16),
  threshold: z.number().int().min(1).max(10_000),
  sort: z.number().int().min(0).max(9999),
});
export type BadgeRuleFields = z.infer<typeof badgeRuleFields>;

export const adminBadgeRuleListEndpoint = defineAdminEndpoint({
  path: 'badge-rules/list',
  access: ['content'],
  summary: '배지 규칙 목록 (앱과 같은 순서, 비활성 포함, 획득 인원)',
  request: z.object({}),
  response: z.object({ items: z.array(adminBadgeRuleSchema) }),
});

export const adminBadgeRuleCreateEndpoint = defineAdminEndpoint({
  path: 'badge-rules/create',
  access: ['content'],
  summary: '배지 규칙 추가 (있는 종류의 새 기준값)',
  request: badgeRuleFields.extend({ kind: adminBadgeKindSchema }),
  response: adminBadgeRuleSchema,
});

export const adminBadgeRuleUpdateEndpoint = defineAdminEndpoint({
  path: 'badge-rules/update',
  access: ['content'],
  summary: '배지 규칙 수정 (이름·설명·이모지·기준값·순서; 종류는 그대로)',
  request: badgeRuleFields.extend({ badgeRuleId: idSchema }),
  response: adminBadgeRuleSchema,
});

export const adminBadgeRuleActivateEndpoint = defineAdminEndpoint({
  path: 'badge-rules/set-active',
  access: ['content'],
  summary: '배지 규칙 활성/비활성 (비활성: 새로 주지 않고 앱 목록에서 빠짐, 얻은 배지는 남음)',
  request: z.object({ badgeRuleId: idSchema, active: z.boolean() }),
  response: adminBadgeRuleSchema,
});
