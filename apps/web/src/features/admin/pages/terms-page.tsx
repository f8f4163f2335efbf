import {
  adminTermsListEndpoint,
  adminTermsPublishEndpoint,
  adminTermsPublishRequestSchema,
  type AdminTermsKind,
  type AdminTermsVersion,
} from '@hamkke/contract/admin/terms';
import { seoulDay } from '@hamkke/contract/seoul-day';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { fieldError, showServerRefusal, TextArea } from './content-fields.tsx';
import { AdminButton, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

const kinds: readonly AdminTermsKind[] = ['TERMS_OF_USE', 'PRIVACY_POLICY', 'CHILD_PRIVACY_CONSENT'];

/** Terms of use, privacy policy and child privacy consent (decision 038) versions: listed per kind, published as new versions only. */
export function TermsPage() {
  const [kind, setKind] = useState<AdminTermsKind>('TERMS_OF_USE');
  const [publishing, setPublishing] = useState(false);
  const [viewing, setViewing] = useState<AdminTermsVersion | null>(null);
  const kindId = useId();
  const list = useQuery(consoleQuery(adminTermsListEndpoint, { kind }));
  if (publishing) {
    const newest = list.isSuccess ? list.data.items[0] : undefined;
    return <PublishForm kind={kind} newest={newest} onDone={() => setPublishing(false)} />;
  }
  return (
    <section aria-labelledby="terms-heading">
      <div className={styles.toolbar}>
        <h1 id="terms-heading" className={styles.heading}>
          {c.terms.heading}
        </h1>
        <AdminButton onClick={() => setPublishing(true)}>{c.terms.publish}</AdminButton>
      </div>
      <p className={styles.muted}>{c.terms.note}</p>
      <div className={styles.filters}>
        <label className={styles.label} htmlFor={kindId}>
          {c.terms.kindLabel}
          <select
            id={kindId}
            className={styles.select}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as AdminTermsKind);
              setViewing(null);
            }}
          >
            {kinds.map((value) => (
              <option key={value} value={value}>
                {c.terms.kinds[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.card}>
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={c.terms.empty}>
          {(data) => (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{c.terms.columns.version}</th>
                  <th scope="col">{c.terms.columns.title}</th>
                  <th scope="col">{c.terms.columns.effectiveDate}</th>
                  <th scope="col">{c.terms.columns.required}</th>
                  <th scope="col">{c.terms.columns.state}</th>
                  <th scope="col">{c.terms.columns.publishedAt}</th>
                  <th scope="col">{c.terms.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => {
                  const today = seoulDay();
                  const state = item.inForce
                    ? c.terms.inForce
                    : item.effectiveDate > today
                      ? c.terms.upcoming
                      : c.terms.past;
                  return (
                    <tr key={item.termsId}>
                      <th scope="row">{item.version}</th>
                      <td>{item.title}</td>
                      <td>{item.effectiveDate}</td>
                      <td>{item.required ? c.yes : c.no}</td>
                      <td>
                        <span className={`${styles.badge} ${item.inForce ? '' : styles.draft}`}>{state}</span>
                      </td>
                      <td>{item.publishedAt ? formatSeoulDateTime(item.publishedAt) : c.terms.demo}</td>
                      <td>
                        <AdminButton
                          variant="secondary"
                          aria-label={`${item.version} ${c.terms.view}`}
                          aria-expanded={viewing?.termsId === item.termsId}
                          onClick={() => setViewing(viewing?.termsId === item.termsId ? null : item)}
                        >
                          {viewing?.termsId === item.termsId ? c.terms.close : c.terms.view}
                        </AdminButton>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </LoadedView>
      </div>
      {viewing && (
        <article className={styles.card} aria-label={`${viewing.title} ${viewing.version}`}>
          <h2 className={styles.subheading}>
            {viewing.title} · {viewing.version}
          </h2>
          <p className={styles.prewrap}>{viewing.content}</p>
        </article>
      )}
    </section>
  );
}

type PublishValues = z.input<typeof adminTermsPublishRequestSchema>;

function PublishForm(props: {
  kind: AdminTermsKind;
  newest: AdminTermsVersion | undefined;
  onDone: () => void;
}) {
  const ask = useConfirm();
  const { kind, newest, onDone } = props;
  const kindName = c.terms.kinds[kind] ?? kind;
  const form = useForm<PublishValues, unknown, z.output<typeof adminTermsPublishRequestSchema>>({
    resolver: standardSchemaResolver(adminTermsPublishRequestSchema),
    defaultValues: {
      kind,
      version: '',
      title: newest?.title ?? kindName,
      content: newest?.content ?? '',
      effectiveDate: [seoulDay(), newest?.effectiveDate ?? ''].sort().at(-1),
      required: true,
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  const errors = formState.errors;
  const publish = useConsoleMutation(adminTermsPublishEndpoint);
  const submit = handleSubmit(async (values) => {
    if (!(await ask({ title: c.terms.form.confirm(kindName, values.version) }))) return;
    try {
      await publish.mutateAsync(values);
      onDone();
    } catch (error) {
      showServerRefusal(error, setError, c.terms);
    }
  });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h1 id={headingId} className={styles.heading}>
          {c.terms.form.heading(kindName)}
        </h1>
      </div>
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Input
          label={c.terms.form.version}
          error={fieldError(errors, 'version', c.terms.fieldErrors)}
          {...register('version')}
        />
        <Input
          label={c.terms.form.title}
          error={fieldError(errors, 'title', c.terms.fieldErrors)}
          {...register('title')}
        />
        <Input
          type="date"
          label={c.terms.form.effectiveDate}
          hint={c.terms.form.effectiveHint}
          error={fieldError(errors, 'effectiveDate', c.terms.fieldErrors)}
          {...register('effectiveDate')}
        />
        <label className={styles.inline}>
          <input type="checkbox" {...register('required')} />
          {c.terms.form.required}
        </label>
        <TextArea
          label={c.terms.form.content}
          error={fieldError(errors, 'content', c.terms.fieldErrors)}
          rows={16}
          {...register('content')}
        />
        {errors.root && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton type="submit" disabled={formState.isSubmitting}>
            {c.terms.form.submit}
          </AdminButton>
          <AdminButton variant="secondary" onClick={onDone}>
            {c.cancel}
          </AdminButton>
        </div>
      </form>
    </section>
  );
}
