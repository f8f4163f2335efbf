import {
  adminPopupCreateEndpoint,
  adminPopupDeleteEndpoint,
  adminPopupListEndpoint,
  adminPopupUpdateEndpoint,
  type AdminPopup,
} from '@hamkke/contract/admin/popups';
import { operatorLinkTarget } from '@hamkke/contract/common/operator-link';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { popupMessages } from '@/shared/messages/content.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { fieldError, instantOfLocal, localInputOf, showServerRefusal } from './content-fields.tsx';
import { AdminButton, Pager, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

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
  const ask = useConfirm();
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AdminPopup | 'new' | null>(null);
  const list = useQuery(consoleQuery(adminPopupListEndpoint, { offset, limit: PAGE }));
  const remove = useConsoleMutation(adminPopupDeleteEndpoint);

  if (editing) {
    return <PopupForm popup={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  const now = Date.now();
  return (
    <section aria-labelledby="popups-heading">
      <div className={styles.toolbar}>
        <h1 id="popups-heading" className={styles.heading}>
          {m.popups.heading}
        </h1>
        <AdminButton onClick={() => setEditing('new')}>{m.popups.create}</AdminButton>
      </div>
      <div className={styles.card}>
        {remove.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={m.popups.empty}>
          {(data) => (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{m.popups.columns.title}</th>
                  <th scope="col">{m.popups.columns.period}</th>
                  <th scope="col">{m.popups.columns.state}</th>
                  <th scope="col">{m.popups.columns.sort}</th>
                  <th scope="col">{m.popups.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((popup) => {
                  const state = stateOf(popup, now);
                  return (
                    <tr key={popup.popupId}>
                      <td>{popup.title}</td>
                      <td>
                        {formatSeoulDateTime(popup.startsAt)} ~ {formatSeoulDateTime(popup.endsAt)}
                      </td>
                      <td>
                        <span className={`${styles.badge} ${state === 'live' ? '' : styles.draft}`}>
                          {m.popups.states[state]}
                        </span>
                      </td>
                      <td>{popup.sort}</td>
                      <td>
                        <div className={styles.actions}>
                          <AdminButton
                            variant="secondary"
                            aria-label={`${popup.title} ${m.popups.edit}`}
                            onClick={() => setEditing(popup)}
                          >
                            {m.popups.edit}
                          </AdminButton>
                          <AdminButton
                            variant="danger"
                            aria-label={`${popup.title} ${m.popups.remove}`}
                            onClick={() =>
                              void ask({
                                title: m.popups.confirmRemove(popup.title),
                                confirmLabel: m.popups.remove,
                                danger: true,
                              }).then((yes) => yes && remove.mutate({ popupId: popup.popupId }))
                            }
                          >
                            {m.popups.remove}
                          </AdminButton>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </LoadedView>
        {list.isSuccess && <Pager offset={offset} size={PAGE} total={list.data.total} onOffset={setOffset} />}
      </div>
    </section>
  );
}

const popupFormSchema = adminPopupCreateEndpoint.request;
type PopupValues = z.input<typeof popupFormSchema>;

/** An instant to the minute, as the `datetime-local` input shows it. */
const toTheMinute = (iso: string) => instantOfLocal(localInputOf(iso));

function PopupForm({ popup, onDone }: { popup: AdminPopup | null; onDone: () => void }) {
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const contentId = useId();
  const startId = useId();
  const endId = useId();
  const create = useConsoleMutation(adminPopupCreateEndpoint);
  const update = useConsoleMutation(adminPopupUpdateEndpoint);
  const { control, register, handleSubmit, formState, setError, watch } = useForm<
    PopupValues,
    unknown,
    z.output<typeof popupFormSchema>
  >({
    resolver: standardSchemaResolver(popupFormSchema),
    defaultValues: {
      title: popup?.title ?? '',
      content: popup?.content ?? '',
      linkUrl: popup?.linkUrl ?? null,
      startsAt: toTheMinute(popup?.startsAt ?? new Date().toISOString()),
      endsAt: toTheMinute(popup?.endsAt ?? inAWeek),
      sort: popup?.sort ?? 0,
    },
  });
  const errors = formState.errors;
  const error = (path: string) => fieldError(errors, path, m.popups.fieldErrors);
  const [title, content, startsAt, endsAt, linkUrl] = watch([
    'title',
    'content',
    'startsAt',
    'endsAt',
    'linkUrl',
  ]);
  const submit = handleSubmit(async (fields) => {
    try {
      if (popup) await update.mutateAsync({ popupId: popup.popupId, ...fields });
      else await create.mutateAsync(fields);
      onDone();
    } catch (refusal) {
      showServerRefusal(refusal, setError, m.popups);
    }
  });
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
    <section aria-labelledby="popup-form-heading">
      <div className={styles.toolbar}>
        <h1 id="popup-form-heading" className={styles.heading}>
          {popup ? m.popups.form.editHeading : m.popups.form.createHeading}
        </h1>
      </div>
      <div className={styles.split}>
        <form className={`${styles.card} ${styles.form}`} onSubmit={(event) => void submit(event)}>
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
          {error('endsAt') && (
            <p className={styles.error} role="alert">
              {error('endsAt')}
            </p>
          )}
          <BoundTextField
            control={control}
            name="sort"
            label={m.popups.form.sort}
            inputMode="numeric"
            toText={String}
            fromText={(text) => Number(text.replace(/\D/g, '').slice(0, 3))}
          />
          {errors.root && (
            <p className={styles.error} role="alert">
              {m.failed}
            </p>
          )}
          <div className={styles.actions}>
            <AdminButton
              type="submit"
              disabled={formState.isSubmitting || !title.trim() || !content.trim() || !startsAt || !endsAt}
            >
              {m.popups.form.save}
            </AdminButton>
            <AdminButton variant="secondary" onClick={onDone}>
              {m.popups.form.cancel}
            </AdminButton>
          </div>
        </form>
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
    </section>
  );
}
