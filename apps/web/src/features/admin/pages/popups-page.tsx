import {
  adminPopupCreateEndpoint,
  adminPopupDeleteEndpoint,
  adminPopupListEndpoint,
  adminPopupUpdateEndpoint,
  type AdminPopup,
} from '@hamkke/contract/admin/popups';
import { seoulDateTime, seoulDateTimeInstant } from '@hamkke/contract/seoul-day';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminButton, Pager, LoadedView } from './parts.tsx';

const PAGE = 20;

function stateOf(popup: AdminPopup, now: number): 'upcoming' | 'live' | 'ended' {
  if (Date.parse(popup.startsAt) > now) return 'upcoming';
  return Date.parse(popup.endsAt) > now ? 'live' : 'ended';
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
                            onClick={() => {
                              if (window.confirm(m.popups.confirmRemove(popup.title)))
                                remove.mutate({ popupId: popup.popupId });
                            }}
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

function PopupForm({ popup, onDone }: { popup: AdminPopup | null; onDone: () => void }) {
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const [title, setTitle] = useState(popup?.title ?? '');
  const [content, setContent] = useState(popup?.content ?? '');
  const [linkUrl, setLinkUrl] = useState(popup?.linkUrl ?? '');
  const [startsAt, setStartsAt] = useState(seoulDateTime(new Date(popup?.startsAt ?? Date.now())));
  const [endsAt, setEndsAt] = useState(seoulDateTime(new Date(popup?.endsAt ?? inAWeek)));
  const [sort, setSort] = useState(String(popup?.sort ?? 0));
  const contentId = useId();
  const startId = useId();
  const endId = useId();
  const create = useConsoleMutation(adminPopupCreateEndpoint, { onSuccess: onDone });
  const update = useConsoleMutation(adminPopupUpdateEndpoint, { onSuccess: onDone });
  const save = popup ? update : create;
  const run = () => {
    const fields = {
      title,
      content,
      linkUrl: linkUrl.trim() ? linkUrl.trim() : null,
      startsAt: seoulDateTimeInstant(startsAt).toISOString(),
      endsAt: seoulDateTimeInstant(endsAt).toISOString(),
      sort: Number(sort) || 0,
    };
    if (popup) update.mutate({ popupId: popup.popupId, ...fields });
    else create.mutate(fields);
  };
  const fieldError = (path: string) =>
    save.error instanceof ApiError && save.error.fields.some((field) => field.path === path)
      ? (m.popups.fieldErrors[path] ?? m.failed)
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <section aria-labelledby="popup-form-heading">
      <div className={styles.toolbar}>
        <h1 id="popup-form-heading" className={styles.heading}>
          {popup ? m.popups.form.editHeading : m.popups.form.createHeading}
        </h1>
      </div>
      <div className={styles.split}>
        <form className={`${styles.card} ${styles.form}`} onSubmit={submit}>
          <TextField
            label={m.popups.form.title}
            value={title}
            onValueChange={setTitle}
            maxLength={60}
            error={fieldError('title')}
          />
          <label className={styles.label} htmlFor={contentId}>
            {m.popups.form.content}
            <textarea
              id={contentId}
              className={styles.textarea}
              value={content}
              maxLength={1000}
              onChange={(event) => setContent(event.target.value)}
              aria-invalid={fieldError('content') ? true : undefined}
            />
          </label>
          {fieldError('content') && <p className={styles.error}>{fieldError('content')}</p>}
          <TextField
            label={m.popups.form.linkUrl}
            value={linkUrl}
            onValueChange={setLinkUrl}
            error={fieldError('linkUrl')}
          />
          <label className={styles.label} htmlFor={startId}>
            {m.popups.form.startsAt}
            <input
              id={startId}
              type="datetime-local"
              className={styles.input}
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
          </label>
          <label className={styles.label} htmlFor={endId}>
            {m.popups.form.endsAt}
            <input
              id={endId}
              type="datetime-local"
              className={styles.input}
              value={endsAt}
              onChange={(event) => setEndsAt(event.target.value)}
              aria-invalid={fieldError('endsAt') ? true : undefined}
            />
          </label>
          {fieldError('endsAt') && (
            <p className={styles.error} role="alert">
              {fieldError('endsAt')}
            </p>
          )}
          <TextField
            label={m.popups.form.sort}
            value={sort}
            inputMode="numeric"
            onValueChange={(value) => setSort(value.replace(/\D/g, '').slice(0, 3))}
          />
          {save.error !== null && !(save.error instanceof ApiError && save.error.fields.length > 0) && (
            <p className={styles.error} role="alert">
              {m.failed}
            </p>
          )}
          <div className={styles.actions}>
            <AdminButton
              type="submit"
              disabled={save.isPending || !title.trim() || !content.trim() || !startsAt || !endsAt}
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
            </div>
          </div>
        </figure>
      </div>
    </section>
  );
}
