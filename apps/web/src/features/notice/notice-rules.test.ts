import type { NoticeList, NoticeListItem } from '@hamkke/contract/home/notices';
import { describe, expect, it } from 'vitest';
import {
  listedNotices,
  markNoticeRead,
  nextNoticeOffset,
  noticeDetailPath,
  noticeIdFrom,
} from './notice-rules.ts';

const item = (noticeId: string, isTop = false): NoticeListItem => ({
  noticeId,
  title: `notice ${noticeId}`,
  isTop,
  isNew: false,
  publishedAt: '2026-11-20T00:00:00.000Z',
});

const page = (offset: number, ids: string[], hasMore: boolean): NoticeList => ({
  items: ids.map((id) => item(id)),
  total: 99,
  offset,
  hasMore,
});

describe('notice paging', () => {
  it('starts the next page where the last one ended, and stops after the last', () => {
    expect(nextNoticeOffset(page(0, ['1', '2', '3'], true))).toBe(3);
    expect(nextNoticeOffset(page(10, ['11'], false))).toBeUndefined();
    expect(nextNoticeOffset(page(10, [], true))).toBeUndefined();
  });

  it('lists pages in order without the pinned notices or repeats', () => {
    const pages = [page(0, ['9', '8', '7'], true), page(3, ['7', '6'], false)];
    expect(listedNotices(pages, [item('8', true)]).map((n) => n.noticeId)).toEqual(['9', '7', '6']);
  });

  it('reads the notice id from the query string', () => {
    expect(noticeIdFrom(new URLSearchParams('noticeId=12'))).toBe('12');
    expect(noticeIdFrom(new URLSearchParams('noticeId=abc'))).toBeNull();
    expect(noticeIdFrom(new URLSearchParams('noticeId=0'))).toBeNull();
    expect(noticeIdFrom(new URLSearchParams(''))).toBeNull();
    expect(noticeDetailPath('12')).toBe('/home/notice-detail?noticeId=12');
  });
});

describe('reading a notice', () => {
  it('marks only that notice read in the loaded pages', () => {
    const fresh = (id: string) => ({ ...item(id), isNew: true });
    const data = {
      pages: [{ items: [fresh('1'), fresh('2')], total: 2, offset: 0, hasMore: false }],
      pageParams: [0],
    };
    const next = markNoticeRead(data, '2');
    expect(next.pages[0]?.items.map((n) => n.isNew)).toEqual([true, false]);
    expect(next.pageParams).toEqual([0]);
    expect(data.pages[0]?.items[1]?.isNew).toBe(true);
  });
});
