import {
  adminNoticeCreateEndpoint,
  adminNoticeDeleteEndpoint,
  adminNoticeListEndpoint,
  adminNoticeUpdateEndpoint,
  type AdminNotice,
} from '@hamkke/contract/admin/notices';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { instantOfLocal, localInputOf } from './content-fields.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { EditRemoveActions, ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen } from '../shell/screen.tsx';

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
  const n = m.notices;
  return (
    <AdminScreen
      headingId="notices-heading"
      heading={n.heading}
      actions={
        <div className={styles.actions}>
          <TextField
            label={n.search}
            value={query}
            onValueChange={(value) => {
              setQuery(value);
              setOffset(0);
            }}
            type="search"
          />
          <AdminButton onClick={() => setEditing('new')}>{n.create}</AdminButton>
        </div>
      }
    >
      <ListPanel
        query={list}
        empty={n.empty}
        failed={remove.error !== null}
        paging={{ offset, size: PAGE, onOffset: setOffset }}
        rowKey={(notice) => notice.noticeId}
        columns={[
          { header: n.columns.title, cell: (notice) => notice.title },
          {
            header: n.columns.status,
            cell: (notice) => (
              <span className={`${styles.badge} ${notice.status === 'DRAFT' ? styles.draft : ''}`}>
                {n.status[notice.status]}
              </span>
            ),
          },
          { header: n.columns.top, cell: (notice) => (notice.isTop ? n.top : '') },
          { header: n.columns.publishedAt, cell: (notice) => formatSeoulDateTime(notice.publishedAt) },
          {
            header: n.columns.actions,
            cell: (notice: AdminNotice) => (
              <EditRemoveActions
                subject={notice.title}
                edit={n.edit}
                remove={n.remove}
                confirmRemove={n.confirmRemove(notice.title)}
                onEdit={() => setEditing(notice)}
                onRemove={() => remove.mutate({ noticeId: notice.noticeId })}
              />
            ),
          },
        ]}
      />
    </AdminScreen>
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
  const form = useSchemaForm(noticeFormSchema, {
    title: notice?.title ?? '',
    content: notice?.content ?? '',
    isTop: notice?.isTop ?? false,
    status: notice?.status ?? 'DRAFT',
    // Kept to the minute, as the input shows it; none is "now".
    publishedAt: notice ? instantOfLocal(localInputOf(notice.publishedAt)) : undefined,
  });
  const { control, register, formState, setError, watch } = form;
  const title = watch('title');
  return (
    <AdminScreen
      headingId="notice-form-heading"
      heading={notice ? m.notices.form.editHeading : m.notices.form.createHeading}
    >
      <EditorForm
        form={form}
        onValid={async (fields) => {
          if (notice) await update.mutateAsync({ noticeId: notice.noticeId, ...fields });
          else await create.mutateAsync(fields);
          onDone();
        }}
        refusal={(refusal) => {
          if (refusal instanceof ApiError) {
            for (const field of refusal.fields) {
              setError(field.path as keyof NoticeValues, { type: 'server', message: m.failed });
            }
          }
          setError('root', {
            type: refusal instanceof ApiError && refusal.code === 'FORBIDDEN' ? 'forbidden' : 'failed',
          });
        }}
        rootMessage={(type) => (type === 'forbidden' ? m.forbidden : m.failed)}
        submitLabel={m.notices.form.save}
        ready={Boolean(title.trim())}
        cancel={{ label: m.notices.form.cancel, onCancel: onDone }}
      >
        <BoundTextField
          control={control}
          name="title"
          label={m.notices.form.title}
          maxLength={100}
          required
          error={formState.errors.title ? m.failed : null}
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
      </EditorForm>
    </AdminScreen>
  );
}
