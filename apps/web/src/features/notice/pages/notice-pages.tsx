import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Megaphone, Pin } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@/shared/routing/link.tsx';
import { useSearchParams } from '@/shared/routing/location.ts';
import { ApiError } from '@/shared/api/api-error.ts';
import { formatSeoulDate } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { LoadMore } from '@/shared/ui/load-more.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { PlainText } from '@/shared/ui/plain-text.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import {
  noticeDetailQueryOptions,
  noticeKeys,
  noticeListQueryOptions,
  noticeTopListQueryOptions,
} from '../api/notices.ts';
import { NoticeRow } from '../components/notice-row.tsx';
import { listedNotices, markNoticeRead, noticeDetailPath, noticeIdFrom } from '../notice-rules.ts';
import styles from './notice-pages.module.css';
import { noticeMessages } from '@/shared/messages/content.ts';

/** /home/notice: pinned notices first, then every notice, ten more at a time. */
export function NoticeListPage() {
  const top = useQuery(noticeTopListQueryOptions());
  const list = useInfiniteQuery(noticeListQueryOptions());

  let content;
  if (list.isPending || top.isPending) content = <Skeleton lines={6} label={messages.common.loading} />;
  else if (!list.data || (list.isError && !list.isFetchNextPageError))
    content = (
      <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  else {
    const pinned = top.data?.items ?? [];
    const rest = listedNotices(list.data.pages, pinned);
    content =
      pinned.length + rest.length === 0 ? (
        <EmptyState icon={Megaphone} message={noticeMessages.empty} />
      ) : (
        <>
          {pinned.length > 0 && (
            <section aria-labelledby="notice-pinned">
              <h2 id="notice-pinned" className="visually-hidden">
                {noticeMessages.pinned}
              </h2>
              <ul className={styles.list}>
                {pinned.map((notice) => (
                  <li key={notice.noticeId}>
                    <NoticeRow notice={notice} pinned />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="notice-all">
            <h2 id="notice-all" className="visually-hidden">
              {noticeMessages.all}
            </h2>
            <ul className={styles.list}>
              {rest.map((notice) => (
                <li key={notice.noticeId}>
                  <NoticeRow notice={notice} />
                </li>
              ))}
            </ul>
          </section>
          <LoadMore query={list} label={noticeMessages.more} />
        </>
      );
  }

  return (
    <Page title={messages.pages.homeNotice} backTo="/home">
      {content}
    </Page>
  );
}

/** /home/notice-detail?noticeId=…: opening it marks it read, so the lists and the header refresh. */
export function NoticeDetailPage() {
  const [search] = useSearchParams();
  const noticeId = noticeIdFrom(search);
  const queryClient = useQueryClient();
  const detail = useQuery({ ...noticeDetailQueryOptions(noticeId ?? ''), enabled: noticeId !== null });
  const readId = detail.data?.noticeId;

  useEffect(() => {
    if (readId === undefined) return;
    // The list shows it as read at once; the server's answer (and the header's hasNew) follows.
    queryClient.setQueryData(
      noticeListQueryOptions().queryKey,
      (data) => data && markNoticeRead(data, readId),
    );
    void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    void queryClient.invalidateQueries({ queryKey: noticeKeys.top() });
  }, [readId, queryClient]);

  const notFound = (
    <EmptyState
      icon={Megaphone}
      message={noticeMessages.notFound}
      action={{ label: noticeMessages.backToList, to: '/home/notice' }}
    />
  );

  let content;
  if (noticeId === null) content = notFound;
  else if (detail.isPending) content = <Skeleton heading lines={6} label={messages.common.loading} />;
  else if (detail.isError)
    content =
      detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND' ? (
        notFound
      ) : (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      );
  else {
    const notice = detail.data;
    content = (
      <>
        <article className={styles.article} aria-labelledby="notice-title">
          <header className={styles.articleHead}>
            {notice.isTop && (
              <span className={styles.pinnedChip}>
                <Pin aria-hidden="true" size={14} />
                {noticeMessages.pinnedChip}
              </span>
            )}
            <h2 id="notice-title" className={styles.articleTitle}>
              {notice.title}
            </h2>
            <time className={styles.date} dateTime={notice.publishedAt}>
              {formatSeoulDate(notice.publishedAt)}
            </time>
          </header>
          <PlainText text={notice.content} className={styles.content} />
        </article>
        <nav className={styles.pager} aria-label={noticeMessages.pager}>
          {notice.prevNoticeId ? (
            <Link className={styles.pagerLink} to={noticeDetailPath(notice.prevNoticeId)}>
              <ChevronLeft aria-hidden="true" size={18} />
              {noticeMessages.previous}
            </Link>
          ) : (
            <span />
          )}
          <Link className={styles.pagerLink} to="/home/notice">
            {noticeMessages.backToList}
          </Link>
          {notice.nextNoticeId ? (
            <Link className={styles.pagerLink} to={noticeDetailPath(notice.nextNoticeId)}>
              {noticeMessages.next}
              <ChevronRight aria-hidden="true" size={18} />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </>
    );
  }

  return (
    <Page title={messages.pages.homeNoticeDetail} backTo="/home/notice">
      {content}
    </Page>
  );
}
