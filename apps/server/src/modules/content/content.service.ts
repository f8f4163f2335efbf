import { operatorLinkTarget } from '@hamkke/contract/common/operator-link';
import { NOTICE_NEW_DAYS, TOP_NOTICE_LIMIT, type NoticeListItem } from '@hamkke/contract/home/notices';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createHotValues } from '../../lib/hot-value.ts';
import {
  countPublishedNotices,
  findActivePopups,
  findContentPage,
  findFaqs,
  findForbiddenWordList,
  findNeighbourNoticeIds,
  findPublishedNotice,
  findPublishedNotices,
  findTopNotices,
  hasUnreadNoticeSince,
  markNoticeRead,
  type NoticeRow,
} from './content.repository.ts';

const DAY_MS = 86_400_000;
const SERVICE_INFO_PAGE = 'SERVICE_INFO';

/** 금칙어는 대소문자를 가리지 않고, 단어 사이에 끼운 공백도 무시하고 찾아요 ("바 보"는 "바보"예요). */
function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u200b-\u200d\u2060\ufeff]+/gu, '');
}

interface ForbiddenEntry {
  word: string;
  normalized: string;
}

/** Notices, popups, FAQ, service information and the forbidden-word list. */
export function createContentService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** The forbidden-word list is checked on every text others read: reused this long per server. */
  forbiddenWordsCacheMs: number;
}) {
  const { db, clock } = deps;

  /** The forbidden-word list, read from the database at most once per `forbiddenWordsCacheMs` per server. */
  const forbiddenList = createHotValues<ForbiddenEntry[]>(deps.forbiddenWordsCacheMs, clock);
  const forbiddenEntries = () =>
    forbiddenList.get('list', async () => {
      const seen = new Set<string>();
      const entries: ForbiddenEntry[] = [];
      for (const word of await findForbiddenWordList(db)) {
        const normalized = normalizeForMatch(word);
        if (normalized === '' || seen.has(normalized)) continue;
        seen.add(normalized);
        entries.push({ word, normalized });
      }
      return entries;
    });

  /** The cut-off of "new": published after it and not yet opened by the person. */
  const newSince = (now: Date) => new Date(now.getTime() - NOTICE_NEW_DAYS * DAY_MS).toISOString();

  /** 공지는 게시 후 30일 동안, 본인이 열어 보기 전까지 새 공지예요. */
  const toListItem = (row: NoticeRow, since: string): NoticeListItem => ({
    noticeId: String(row.id),
    title: row.title,
    isTop: row.isTop,
    isNew: row.readAt === null && row.publishedAt > since,
    publishedAt: row.publishedAt,
  });

  async function findForbiddenWords(text: string): Promise<string[]> {
    const normalized = normalizeForMatch(text);
    if (normalized === '') return [];
    const entries = await forbiddenEntries();
    return entries.filter((entry) => normalized.includes(entry.normalized)).map((entry) => entry.word);
  }

  return {
    /** The listed words found in `text`, ignoring case and whitespace ("바 보" is "바보"), in list order; [] when clean. */
    findForbiddenWords,

    /**
     * 금칙어는 다른 가족이 읽는 모든 글에서 막아요 (security.md). The one way to refuse them:
     * `FORBIDDEN_WORD` (400) with a field per text that holds listed words (its path, the words);
     * absent or empty texts are skipped.
     */
    async assertNoForbiddenWords(texts: Record<string, string | undefined>): Promise<void> {
      const fields = [];
      for (const [path, text] of Object.entries(texts)) {
        if (!text) continue;
        const words = await findForbiddenWords(text);
        if (words.length > 0) fields.push({ path, message: words.join(', ') });
      }
      if (fields.length > 0)
        throw new AppError('FORBIDDEN_WORD', 'The text contains forbidden words', fields);
    },

    async checkForbiddenWords(text: string) {
      const words = await findForbiddenWords(text);
      return { forbidden: words.length > 0, words };
    },

    /** Reads the list again on the next check (the console changed it; other servers follow within `forbiddenWordsCacheMs`). */
    forgetForbiddenWords() {
      forbiddenList.drop();
    },

    /** Published notices, newest first. */
    async noticeList(userId: number, page: { offset: number; limit: number }) {
      const now = clock();
      const stamp = now.toISOString();
      const since = newSince(now);
      const [rows, total] = await Promise.all([
        findPublishedNotices(db, { userId, now: stamp, ...page }),
        countPublishedNotices(db, stamp),
      ]);
      return {
        items: rows.map((row) => toListItem(row, since)),
        total,
        offset: page.offset,
        hasMore: page.offset + rows.length < total,
      };
    },

    /** Up to three pinned notices, and whether any published notice is new (the header icon). */
    async noticeTopList(userId: number) {
      const now = clock();
      const stamp = now.toISOString();
      const since = newSince(now);
      const [rows, hasNew] = await Promise.all([
        findTopNotices(db, { userId, now: stamp, limit: TOP_NOTICE_LIMIT }),
        hasUnreadNoticeSince(db, { userId, since, now: stamp }),
      ]);
      return { items: rows.map((row) => toListItem(row, since)), hasNew };
    },

    /** A published notice with its neighbours; opening it marks it read for this person. */
    async noticeDetail(userId: number, noticeId: number) {
      const stamp = clock().toISOString();
      const notice = await findPublishedNotice(db, noticeId, stamp);
      if (!notice) throw new AppError('NOT_FOUND', 'No published notice with that id');
      const [neighbours] = await Promise.all([
        findNeighbourNoticeIds(db, notice, stamp),
        markNoticeRead(db, { userId, noticeId: notice.id, readAt: stamp }),
      ]);
      return {
        noticeId: String(notice.id),
        title: notice.title,
        content: notice.content,
        isTop: notice.isTop,
        publishedAt: notice.publishedAt,
        prevNoticeId: neighbours.older === null ? null : String(neighbours.older),
        nextNoticeId: neighbours.newer === null ? null : String(neighbours.newer),
      };
    },

    /** Popups whose display period contains now. */
    async popups() {
      const rows = await findActivePopups(db, clock().toISOString());
      // A link saved before the contract's rule (operator-link.ts) that breaks it is not handed out.
      return rows.map(({ id, linkUrl, ...popup }) => ({
        popupId: String(id),
        ...popup,
        linkUrl: operatorLinkTarget(linkUrl) ? linkUrl : null,
      }));
    },

    async faqs() {
      const rows = await findFaqs(db);
      return rows.map(({ id, ...faq }) => ({ faqId: String(id), ...faq }));
    },

    async serviceInfo() {
      const page = await findContentPage(db, SERVICE_INFO_PAGE);
      if (!page) throw new AppError('NOT_FOUND', 'The service information page is missing');
      return page;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
