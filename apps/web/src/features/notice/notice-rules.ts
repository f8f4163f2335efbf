import { ID_PATTERN } from '@hamkke/contract/id-pattern';
import type { NoticeList, NoticeListItem } from '@hamkke/contract/home/notices';

/** Notices per "더 보기". */
export const NOTICE_PAGE_SIZE = 10;

/** The offset of the next page, or `undefined` after the last one. */
export function nextNoticeOffset(page: NoticeList): number | undefined {
  return page.hasMore && page.items.length > 0 ? page.offset + page.items.length : undefined;
}

/**
 * The list under the pinned notices: every loaded page in order, without the pinned ones (they are
 * already on top) and without repeats (a notice published between two pages shifts the offsets).
 */
export function listedNotices(
  pages: readonly NoticeList[],
  pinned: readonly NoticeListItem[],
): NoticeListItem[] {
  const seen = new Set(pinned.map((item) => item.noticeId));
  const items: NoticeListItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.noticeId)) continue;
      seen.add(item.noticeId);
      items.push(item);
    }
  }
  return items;
}

/** The `noticeId` of `/home/notice-detail?noticeId=…`, or `null` when it is not a notice id. */
export function noticeIdFrom(search: URLSearchParams): string | null {
  const value = search.get('noticeId');
  return value !== null && ID_PATTERN.test(value) ? value : null;
}

export function noticeDetailPath(noticeId: string): string {
  return `/home/notice-detail?noticeId=${encodeURIComponent(noticeId)}`;
}

/** Loaded pages with one notice marked read (not new). */
export function markNoticeRead<T extends { pages: NoticeList[] }>(data: T, noticeId: string): T {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.noticeId === noticeId ? { ...item, isNew: false } : item)),
    })),
  };
}
