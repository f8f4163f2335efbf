import { z } from 'zod';
import { idSchema } from '../ids.ts';
import { defineEndpoint, emptyRequestSchema } from '../endpoint.ts';

/** A notice is "new" for this many days after it is published, until the person opens it. */
export const NOTICE_NEW_DAYS = 30;
/** The most pinned notices the top list shows. */
export const TOP_NOTICE_LIMIT = 3;

export const noticeIdSchema = idSchema;

export const noticeListItemSchema = z.object({
  noticeId: z.string(),
  title: z.string(),
  /** Pinned by the operator. */
  isTop: z.boolean(),
  /** Not opened by the signed-in person and published within the last {@link NOTICE_NEW_DAYS} days. */
  isNew: z.boolean(),
  publishedAt: z.string(),
});
export type NoticeListItem = z.infer<typeof noticeListItemSchema>;

/** Published notices, newest first, a page at a time (the offset starts at 0, spec §7). */
export const noticeListEndpoint = defineEndpoint({
  path: 'home/notice-list',
  auth: 'user',
  summary: '공지사항 목록 (최신순, offset 0부터)',
  request: z.object({
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  response: z.object({
    items: z.array(noticeListItemSchema),
    total: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    hasMore: z.boolean(),
  }),
});
export type NoticeList = z.infer<typeof noticeListEndpoint.response>;

/** Pinned notices for the home page, and whether the header's notice icon is highlighted. */
export const noticeTopListEndpoint = defineEndpoint({
  path: 'home/notice-top-list',
  auth: 'user',
  summary: '상단 고정 공지 (최대 3개)와 새 공지 여부',
  request: emptyRequestSchema,
  response: z.object({
    items: z.array(noticeListItemSchema).max(TOP_NOTICE_LIMIT),
    /** Any published notice is new for this person. */
    hasNew: z.boolean(),
  }),
});
export type NoticeTopList = z.infer<typeof noticeTopListEndpoint.response>;

/** One published notice with its neighbours; opening it marks it read for the caller. */
export const noticeDetailEndpoint = defineEndpoint({
  path: 'home/notice-detail',
  auth: 'user',
  summary: '공지사항 상세 (읽음 처리)',
  request: z.object({ noticeId: noticeIdSchema }),
  response: z.object({
    noticeId: z.string(),
    title: z.string(),
    /** Plain text with blank lines between paragraphs. */
    content: z.string(),
    isTop: z.boolean(),
    publishedAt: z.string(),
    /** 이전글: the next older published notice. */
    prevNoticeId: z.string().nullable(),
    /** 다음글: the next newer published notice. */
    nextNoticeId: z.string().nullable(),
  }),
});
export type NoticeDetail = z.infer<typeof noticeDetailEndpoint.response>;
