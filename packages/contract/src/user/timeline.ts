import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { idSchema } from '../ids.ts';
import { medalSchema, rewardKindSchema, rewardStatusSchema, rewardUnitSchema } from '../reward/rewards.ts';

/** One thing that happened to a person, for `/active`'s timeline. Names are data; the web words the rest. */
const base = {
  /** `<kind>:<row id>`, unique in the timeline. */
  itemId: z.string(),
  occurredAt: z.string(),
  /** The Seoul day it happened. */
  day: z.string(),
};

export const timelineItemSchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('CERTIFICATION'),
    missionTitle: z.string(),
    icon: z.string(),
    certificationId: z.string(),
  }),
  z.object({
    ...base,
    kind: z.literal('BADGE'),
    badgeName: z.string(),
    emoji: z.string(),
  }),
  z.object({
    ...base,
    kind: z.literal('TEAM_JOIN'),
    teamName: z.string(),
    teamEmoji: z.string(),
  }),
  z.object({
    ...base,
    kind: z.literal('MEDAL'),
    medal: medalSchema,
    scope: z.enum(['TEAM', 'MEMBER']),
    rank: z.number().int(),
    teamName: z.string(),
  }),
  z.object({
    ...base,
    kind: z.literal('REWARD'),
    rewardKind: rewardKindSchema,
    unit: rewardUnitSchema,
    amount: z.number().int(),
    itemName: z.string(),
    status: rewardStatusSchema,
    /** When it was paid or cancelled; null while pending. */
    settledAt: z.string().nullable(),
    roundTitle: z.string(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const TIMELINE_PAGE_MAX = 50;
export const TIMELINE_OFFSET_MAX = 2000;

export const activityTimelineEndpoint = defineEndpoint({
  path: 'user/activity-timeline',
  auth: 'user',
  summary: '활동 타임라인 (인증, 배지, 팀 가입, 메달, 보상; 최신 순)',
  request: z.object({
    userId: idSchema.optional(),
    /** The timeline reaches back this far; older history is on the calendar. */
    offset: z.number().int().min(0).max(TIMELINE_OFFSET_MAX).default(0),
    limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).default(20),
  }),
  /** The spec's client reads `data` (§7, decision 002): the page of items is under it. */
  response: z.object({ data: z.array(timelineItemSchema), hasMore: z.boolean() }),
});
