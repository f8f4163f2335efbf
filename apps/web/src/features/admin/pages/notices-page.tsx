import {
  adminNoticeCreateEndpoint,
  adminNoticeDeleteEndpoint,
  adminNoticeListEndpoint,
  adminNoticeUpdateEndpoint,
  type AdminNotice,
} from '@hamkke/contract/admin/notices';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { instantOfLocal, localInputOf } from './content-fields.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton, Pager, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

const PAGE = 20;

/** Notices: drafts, scheduled and published ones, pinned or not; write, edit, delete. */
export function NoticesPage() {
  const ask = useConfirm();
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
                          onClick={() =>
                            void ask({
                              title: m.notices.confirmRemove(notice.title),
                              confirmLabel: m.notices.remove,
                              danger: true,
                            }).then((yes) => yes && remove.mutate({ noticeId: notice.noticeId }))
                          }
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

const noticeFormSchema = adminNoticeCreateEndpoint.request;
type NoticeValues = z.input<typeof noticeFormSchema>;

function NoticeForm({ notice, onDone }: { notice: AdminNotice | null; onDone: () => void }) {
  const contentId = useId();
  const statusId = useId();
  const dateId = useId();
  const create = useConsoleMutation(adminNoticeCreateEndpoint);
  const update = useConsoleMutation(adminNoticeUpdateEndpoint);
  const { control, register, handleSubmit, formState, setError, watch } = useForm<
    NoticeValues,
    unknown,
    z.output<typeof noticeFormSchema>
  >({
    resolver: standardSchemaResolver(noticeFormSchema),
    defaultValues: {
      title: notice?.title ?? '',
      content: notice?.content ?? '',
      isTop: notice?.isTop ?? false,
      status: notice?.status ?? 'DRAFT',
      // Kept to the minute, as the input shows it; none is "now".
      publishedAt: notice ? instantOfLocal(localInputOf(notice.publishedAt)) : undefined,
    },
  });
  const errors = formState.errors;
  const title = watch('title');
  const submit = handleSubmit(async (fields) => {
    try {
      if (notice) await update.mutateAsync({ noticeId: notice.noticeId, ...fields });
      else await create.mutateAsync(fields);
      onDone();
    } catch (refusal) {
      if (refusal instanceof ApiError) {
        for (const field of refusal.fields) {
          setError(field.path as keyof NoticeValues, { type: 'server', message: m.failed });
        }
      }
      setError('root', {
        type: refusal instanceof ApiError && refusal.code === 'FORBIDDEN' ? 'forbidden' : 'failed',
      });
    }
  });
  return (
    <section aria-labelledby="notice-form-heading">
      <div className={styles.toolbar}>
        <h1 id="notice-form-heading" className={styles.heading}>
          {notice ? m.notices.form.editHeading : m.notices.form.createHeading}
        </h1>
      </div>
      <form className={`${styles.card} ${styles.form}`} onSubmit={(event) => void submit(event)}>
        <BoundTextField
          control={control}
          name="title"
          label={m.notices.form.title}
          maxLength={100}
          required
          error={errors.title ? m.failed : null}
        />
        <label className={styles.label} htmlFor={contentId}>
          {m.notices.form.content}
          <textarea id={contentId} className={styles.textarea} {...register('content')} />
        </label>
        <label className={styles.inline}>
          <input type="checkbox" {...register('isTop')} />
          {m.notices.form.isTop}
        </label>
        <label className={styles.label} htmlFor={statusId}>
          {m.notices.form.status}
          <select id={statusId} className={styles.select} {...register('status')}>
            <option value="DRAFT">{m.notices.status.DRAFT}</option>
            <option value="PUBLISHED">{m.notices.status.PUBLISHED}</option>
          </select>
        </label>
        <label className={styles.label} htmlFor={dateId}>
          {m.notices.form.publishedAt}
          <Controller
            control={control}
            name="publishedAt"
            render={({ field }) => (
              <input
                id={dateId}
                type="datetime-local"
                className={styles.input}
                value={localInputOf(field.value)}
                onChange={(event) =>
                  field.onChange(event.target.value ? instantOfLocal(event.target.value) : undefined)
                }
                onBlur={field.onBlur}
              />
            )}
          />
        </label>
        {errors.root && (
          <p className={styles.error} role="alert">
            {errors.root.type === 'forbidden' ? m.forbidden : m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton type="submit" disabled={formState.isSubmitting || !title.trim()}>
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
