import {
  adminPopupCreateEndpoint,
  adminPopupDeleteEndpoint,
  adminPopupListEndpoint,
  adminPopupUpdateEndpoint,
  type AdminPopup,
} from '@hamkke/contract/admin/popups';
import { operatorLinkTarget } from '@hamkke/contract/common/operator-link';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { popupMessages } from '@/shared/messages/content.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { fieldError, instantOfLocal, localInputOf } from './content-fields.tsx';
import { AdminButton } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { EditRemoveActions, ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen, FailedLine } from '../shell/screen.tsx';

const PAGE = 20;

function stateOf(popup: AdminPopup, now: number): 'upcoming' | 'live' | 'ended' {
  if (Date.parse(popup.startsAt) > now) return 'upcoming';
  return Date.parse(popup.endsAt) > now ? 'live' : 'ended';
}

/** Whether the app shows the popup's "자세히 보기": the contract's one rule for operators' links. */
function previewLinkShown(linkUrl: string | null | undefined): boolean {
  return operatorLinkTarget(linkUrl?.trim()) !== null;
}

/** Page popups with a display period: list, make, edit, delete, with a 390 px preview. */
export function PopupsPage() {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AdminPopup | 'new' | null>(null);
  const list = useQuery(consoleQuery(adminPopupListEndpoint, { offset, limit: PAGE }));
  const remove = useConsoleMutation(adminPopupDeleteEndpoint);

  if (editing) {
    return <PopupForm popup={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  const now = Date.now();
  const p = m.popups;
  return (
    <AdminScreen
      headingId="popups-heading"
      heading={p.heading}
      actions={<AdminButton onClick={() => setEditing('new')}>{p.create}</AdminButton>}
    >
      <ListPanel
        query={list}
        empty={p.empty}
        failed={remove.error !== null}
        paging={{ offset, size: PAGE, onOffset: setOffset }}
        rowKey={(popup) => popup.popupId}
        columns={[
          { header: p.columns.title, cell: (popup) => popup.title },
          {
            header: p.columns.period,
            cell: (popup) => `${formatSeoulDateTime(popup.startsAt)} ~ ${formatSeoulDateTime(popup.endsAt)}`,
          },
          {
            header: p.columns.state,
            cell: (popup) => {
              const state = stateOf(popup, now);
              return (
                <span className={`${styles.badge} ${state === 'live' ? '' : styles.draft}`}>
                  {p.states[state]}
                </span>
              );
            },
          },
          { header: p.columns.sort, cell: (popup) => popup.sort },
          {
            header: p.columns.actions,
            cell: (popup: AdminPopup) => (
              <EditRemoveActions
                subject={popup.title}
                edit={p.edit}
                remove={p.remove}
                confirmRemove={p.confirmRemove(popup.title)}
                onEdit={() => setEditing(popup)}
                onRemove={() => remove.mutate({ popupId: popup.popupId })}
              />
            ),
          },
        ]}
      />
    </AdminScreen>
  );
}

const popupFormSchema = adminPopupCreateEndpoint.request;

/** An instant to the minute, as the `datetime-local` input shows it. */
const toTheMinute = (iso: string) => instantOfLocal(localInputOf(iso));

function PopupForm({ popup, onDone }: { popup: AdminPopup | null; onDone: () => void }) {
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const contentId = useId();
  const startId = useId();
  const endId = useId();
  const create = useConsoleMutation(adminPopupCreateEndpoint);
  const update = useConsoleMutation(adminPopupUpdateEndpoint);
  const form = useSchemaForm(popupFormSchema, {
    title: popup?.title ?? '',
    content: popup?.content ?? '',
    linkUrl: popup?.linkUrl ?? null,
    startsAt: toTheMinute(popup?.startsAt ?? new Date().toISOString()),
    endsAt: toTheMinute(popup?.endsAt ?? inAWeek),
    sort: popup?.sort ?? 0,
  });
  const { control, register, formState, watch } = form;
  const errors = formState.errors;
  const error = (path: string) => fieldError(errors, path, m.popups.fieldErrors);
  const [title, content, startsAt, endsAt, linkUrl] = watch([
    'title',
    'content',
    'startsAt',
    'endsAt',
    'linkUrl',
  ]);
  const instantInput = (name: 'startsAt' | 'endsAt', id: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <input
          id={id}
          type="datetime-local"
          className={styles.input}
          value={localInputOf(field.value)}
          onChange={(event) => field.onChange(instantOfLocal(event.target.value))}
          onBlur={field.onBlur}
          aria-invalid={name === 'endsAt' && error('endsAt') ? true : undefined}
        />
      )}
    />
  );
  return (
    <AdminScreen
      headingId="popup-form-heading"
      heading={popup ? m.popups.form.editHeading : m.popups.form.createHeading}
    >
      <div className={styles.split}>
        <EditorForm
          form={form}
          onValid={async (fields) => {
            if (popup) await update.mutateAsync({ popupId: popup.popupId, ...fields });
            else await create.mutateAsync(fields);
            onDone();
          }}
          refusal={m.popups}
          submitLabel={m.popups.form.save}
          ready={Boolean(title.trim() && content.trim() && startsAt && endsAt)}
          cancel={{ label: m.popups.form.cancel, onCancel: onDone }}
        >
          <BoundTextField
            control={control}
            name="title"
            label={m.popups.form.title}
            maxLength={60}
            error={error('title')}
          />
          <label className={styles.label} htmlFor={contentId}>
            {m.popups.form.content}
            <textarea
              id={contentId}
              className={styles.textarea}
              maxLength={1000}
              aria-invalid={error('content') ? true : undefined}
              {...register('content')}
            />
          </label>
          {error('content') && <p className={styles.error}>{error('content')}</p>}
          <BoundTextField
            control={control}
            name="linkUrl"
            label={m.popups.form.linkUrl}
            fromText={(text) => (text.trim() ? text : null)}
            error={error('linkUrl')}
          />
          <label className={styles.label} htmlFor={startId}>
            {m.popups.form.startsAt}
            {instantInput('startsAt', startId)}
          </label>
          <label className={styles.label} htmlFor={endId}>
            {m.popups.form.endsAt}
            {instantInput('endsAt', endId)}
          </label>
          <FailedLine shown={error('endsAt') !== null}>{error('endsAt')}</FailedLine>
          <BoundTextField
            control={control}
            name="sort"
            label={m.popups.form.sort}
            inputMode="numeric"
            toText={String}
            fromText={(text) => Number(text.replace(/\D/g, '').slice(0, 3))}
          />
        </EditorForm>
        <figure className={styles.preview} aria-label={m.popups.form.preview}>
          <figcaption className={styles.muted}>{m.popups.form.preview}</figcaption>
          <div className={styles.phone}>
            <div className={styles.popupCard}>
              <strong className={styles.popupTitle}>{title}</strong>
              {content.split(/\n\s*\n/).map((paragraph, index) => (
                <p key={index} className={styles.popupText}>
                  {paragraph}
                </p>
              ))}
              {/* The app's page popup (app/popups/popup-layer.tsx): its link when the address is one it
                  opens, then 오늘 하루 보지 않기 · 닫기. Drawn, not pressable: a picture of the popup. */}
              {previewLinkShown(linkUrl) && <span className={styles.popupLink}>{popupMessages.more}</span>}
              <div className={styles.popupActions} data-testid="popup-preview-actions">
                <span className={styles.popupSecondary}>{popupMessages.hideToday}</span>
                <span className={styles.popupPrimary}>{m.dialog.close}</span>
              </div>
            </div>
          </div>
        </figure>
      </div>
    </AdminScreen>
  );
}
