import {
  adminNoticeCreateEndpoint,
  adminNoticeDeleteEndpoint,
  adminNoticeListEndpoint,
  adminNoticeUpdateEndpoint,
  type AdminNotice,
} from '@hamkke/contract/admin/notices';
import { seoulDateTime, seoulDateTimeInstant } from '@hamkke/contract/seoul-day';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/api-error.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { AdminButton, Pager, LoadedView } from './parts.tsx';

const PAGE = 20;

/** Notices: drafts, scheduled and published ones, pinned or not; write, edit, delete. */
export function NoticesPage() {
  const [offset, setOffset] = useState(0);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const list = useQuery(
    consoleQuery(adminNoticeListEndpoint, { offset, limit: PAGE, ...(query ? { query } : {}) }),
  );
  const remove = useConsoleMutation(adminNoticeDeleteEndpoint);

  if (editing) {
    return <NoticeForm notice={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return (
    <section aria-labelledby="notices-heading">
      <div className={styles.toolbar}>
        <h1 id="notices-heading" className={styles.heading}>
          {m.notices.heading}
        </h1>
        <div className={styles.actions}>
          <TextField
            label={m.notices.search}
            value={query}
            onValueChange={(value) => {
              setQuery(value);
              setOffset(0);
            }}
            type="search"
          />
          <AdminButton onClick={() => setEditing('new')}>{m.notices.create}</AdminButton>
        </div>
      </div>
      <div className={styles.card}>
        {remove.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={m.notices.empty}>
          {(data) => (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{m.notices.columns.title}</th>
                  <th scope="col">{m.notices.columns.status}</th>
                  <th scope="col">{m.notices.columns.top}</th>
                  <th scope="col">{m.notices.columns.publishedAt}</th>
                  <th scope="col">{m.notices.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((notice) => (
                  <tr key={notice.noticeId}>
                    <td>{notice.title}</td>
                    <td>
                      <span className={`${styles.badge} ${notice.status === 'DRAFT' ? styles.draft : ''}`}>
                        {m.notices.status[notice.status]}
                      </span>
                    </td>
                    <td>{notice.isTop ? m.notices.top : ''}</td>
                    <td>{formatSeoulDateTime(notice.publishedAt)}</td>
                    <td>
                      <div className={styles.actions}>
                        <AdminButton
                          variant="secondary"
                          onClick={() => setEditing(notice)}
                          aria-label={`${notice.title} ${m.notices.edit}`}
                        >
                          {m.notices.edit}
                        </AdminButton>
                        <AdminButton
                          variant="danger"
                          aria-label={`${notice.title} ${m.notices.remove}`}
                          onClick={() => {
                            if (window.confirm(m.notices.confirmRemove(notice.title)))
                              remove.mutate({ noticeId: notice.noticeId });
                          }}
                        >
                          {m.notices.remove}
                        </AdminButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </LoadedView>
        {list.isSuccess && <Pager offset={offset} size={PAGE} total={list.data.total} onOffset={setOffset} />}
      </div>
    </section>
  );
}

function NoticeForm({ notice, onDone }: { notice: AdminNotice | null; onDone: () => void }) {
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [isTop, setIsTop] = useState(notice?.isTop ?? false);
  const [status, setStatus] = useState<'DRAFT' | 'PUBLISHED'>(notice?.status ?? 'DRAFT');
  const [publishedAt, setPublishedAt] = useState(notice ? seoulDateTime(new Date(notice.publishedAt)) : '');
  const contentId = useId();
  const statusId = useId();
  const dateId = useId();
  const create = useConsoleMutation(adminNoticeCreateEndpoint, { onSuccess: onDone });
  const update = useConsoleMutation(adminNoticeUpdateEndpoint, { onSuccess: onDone });
  const save = notice ? update : create;
  const run = () => {
    const fields = {
      title,
      content,
      isTop,
      status,
      publishedAt: publishedAt ? seoulDateTimeInstant(publishedAt).toISOString() : undefined,
    };
    if (notice) update.mutate({ noticeId: notice.noticeId, ...fields });
    else create.mutate(fields);
  };
  const fieldError = (path: string) =>
    save.error instanceof ApiError && save.error.fields.some((field) => field.path === path)
      ? m.failed
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <section aria-labelledby="notice-form-heading">
      <div className={styles.toolbar}>
        <h1 id="notice-form-heading" className={styles.heading}>
          {notice ? m.notices.form.editHeading : m.notices.form.createHeading}
        </h1>
      </div>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit}>
        <TextField
          label={m.notices.form.title}
          value={title}
          onValueChange={setTitle}
          maxLength={100}
          required
          error={fieldError('title')}
        />
        <label className={styles.label} htmlFor={contentId}>
          {m.notices.form.content}
          <textarea
            id={contentId}
            className={styles.textarea}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        </label>
        <label className={styles.inline}>
          <input type="checkbox" checked={isTop} onChange={(event) => setIsTop(event.target.checked)} />
          {m.notices.form.isTop}
        </label>
        <label className={styles.label} htmlFor={statusId}>
          {m.notices.form.status}
          <select
            id={statusId}
            className={styles.select}
            value={status}
            onChange={(event) => setStatus(event.target.value === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT')}
          >
            <option value="DRAFT">{m.notices.status.DRAFT}</option>
            <option value="PUBLISHED">{m.notices.status.PUBLISHED}</option>
          </select>
        </label>
        <label className={styles.label} htmlFor={dateId}>
          {m.notices.form.publishedAt}
          <input
            id={dateId}
            type="datetime-local"
            className={styles.input}
            value={publishedAt}
            onChange={(event) => setPublishedAt(event.target.value)}
          />
        </label>
        {save.error !== null && (
          <p className={styles.error} role="alert">
            {save.error instanceof ApiError && save.error.code === 'FORBIDDEN' ? m.forbidden : m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton type="submit" disabled={save.isPending || !title.trim()}>
            {m.notices.form.save}
          </AdminButton>
          <AdminButton type="button" variant="secondary" onClick={onDone}>
            {m.notices.form.cancel}
          </AdminButton>
        </div>
      </form>
    </section>
  );
}
