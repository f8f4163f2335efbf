import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NoticeRow {
  id: number;
  title: string;
  isTop: boolean;
  publishedAt: string;
  /** When this person opened it; `null` while unread. */
  readAt: string | null;
}

export interface NoticeDetailRow {
  id: number;
  title: string;
  content: string;
  isTop: boolean;
  publishedAt: string;
}

/** Notices published at or before `now`, each with the person's read time. */
function publishedNoticesFor(db: Kysely<Database>, userId: number, now: string) {
  return db
    .selectFrom('notices')
    .leftJoin('notice_reads', (join) =>
      join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', userId),
    )
    .select(['notices.id', 'notices.title', 'notices.is_top', 'notices.published_at', 'notice_reads.read_at'])
    .where('notices.published_at', '<=', now)
    .where('notices.status', '=', 'PUBLISHED');
}

function toNoticeRow(row: {
  id: number;
  title: string;
  is_top: number;
  published_at: string;
  read_at: string | null;
}): NoticeRow {
  return {
    id: row.id,
    title: row.title,
    isTop: row.is_top === 1,
    publishedAt: row.published_at,
    readAt: row.read_at,
  };
}

/** A page of published notices, newest first. */
export async function findPublishedNotices(
  db: Kysely<Database>,
  input: { userId: number; now: string; offset: number; limit: number },
): Promise<NoticeRow[]> {
  const rows = await publishedNoticesFor(db, input.userId, input.now)
    .orderBy('notices.published_at', 'desc')
    .orderBy('notices.id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return rows.map(toNoticeRow);
}

/** Pinned published notices, newest first. */
export async function findTopNotices(
  db: Kysely<Database>,
  input: { userId: number; now: string; limit: number },
): Promise<NoticeRow[]> {
  const rows = await publishedNoticesFor(db, input.userId, input.now)
    .where('notices.is_top', '=', 1)
    .orderBy('notices.published_at', 'desc')
    .orderBy('notices.id', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map(toNoticeRow);
}

export async function countPublishedNotices(db: Kysely<Database>, now: string): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('published_at', '<=', now)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a notice published in (`since`, `now`] is still unread by the person. */
export async function hasUnreadNoticeSince(
  db: Kysely<Database>,
  input: { userId: number; since: string; now: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('notices')
    .select('notices.id')
    .where('notices.published_at', '<=', input.now)
    .where('notices.status', '=', 'PUBLISHED')
    .where('notices.published_at', '>', input.since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice_reads')
            .select('notice_reads.notice_id')
            .whereRef('notice_reads.notice_id', '=', 'notices.id')
            .where('notice_reads.user_id', '=', input.userId),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPublishedNotice(
  db: Kysely<Database>,
  id: number,
  now: string,
): Promise<NoticeDetailRow | undefined> {
  const row = await db
    .selectFrom('notices')
    .select(['id', 'title', 'content', 'is_top', 'published_at'])
    .where('id', '=', id)
    .where('published_at', '<=', now)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      title: row.title,
      content: row.content,
      isTop: row.is_top === 1,
      publishedAt: row.published_at,
    }
  );
}

/**
 * The published neighbours of a notice in list order (published_at, then id): `older` is the
 * one listed right after it, `newer` the one right before it.
 */
export async function findNeighbourNoticeIds(
  db: Kysely<Database>,
  notice: { id: number; publishedAt: string },
  now: string,
): Promise<{ older: number | null; newer: number | null }> {
  /** The published notice just before (`<`) or after (`>`) this one, by publication and then id. */
  const neighbour = async (side: '<' | '>') => {
    const order = side === '<' ? 'desc' : 'asc';
    const row = await db
      .selectFrom('notices')
      .select('id')
      .where('published_at', '<=', now)
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.or([
          eb('published_at', side, notice.publishedAt),
          eb.and([eb('published_at', '=', notice.publishedAt), eb('id', side, notice.id)]),
        ]),
      )
      .orderBy('published_at', order)
      .orderBy('id', order)
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  };
  return { older: await neighbour('<'), newer: await neighbour('>') };
}

/** Records that the person opened the notice; opening it again keeps the first read time. */
export async function markNoticeRead(
  db: Kysely<Database>,
  input: { userId: number; noticeId: number; readAt: string },
): Promise<void> {
  await db
    .insertInto('notice_reads')
    .values({ user_id: input.userId, notice_id: input.noticeId, read_at: input.readAt })
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}

export interface PopupRow {
  id: number;
  title: string;
  content: string;
  linkUrl: string | null;
  endsAt: string;
}

/** Popups with starts_at ≤ now < ends_at, by sort. */
export async function findActivePopups(db: Kysely<Database>, now: string): Promise<PopupRow[]> {
  const rows = await db
    .selectFrom('popups')
    .select(['id', 'title', 'content', 'link_url', 'ends_at'])
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    content: row.content,
    linkUrl: row.link_url,
    endsAt: row.ends_at,
  }));
}

export interface FaqRow {
  id: number;
  category: string;
  question: string;
  answer: string;
}

export async function findFaqs(db: Kysely<Database>): Promise<FaqRow[]> {
  return db
    .selectFrom('faqs')
    .select(['id', 'category', 'question', 'answer'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface ContentPageRow {
  title: string;
  content: string;
  updatedAt: string;
}

export async function findContentPage(
  db: Kysely<Database>,
  pageKey: string,
): Promise<ContentPageRow | undefined> {
  const row = await db
    .selectFrom('content_pages')
    .select(['title', 'content', 'updated_at'])
    .where('page_key', '=', pageKey)
    .executeTakeFirst();
  return row && { title: row.title, content: row.content, updatedAt: row.updated_at };
}

/** The forbidden-word list, oldest entry first. */
export async function findForbiddenWordList(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('forbidden_words')
    .select('word')
    .orderBy('created_at')
    .orderBy('word')
    .execute();
  return rows.map((row) => row.word);
}
