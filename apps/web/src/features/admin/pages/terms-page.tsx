import {
  adminTermsListEndpoint,
  adminTermsPublishEndpoint,
  adminTermsPublishRequestSchema,
  type AdminTermsKind,
  type AdminTermsVersion,
} from '@hamkke/contract/admin/terms';
import { seoulDay } from '@hamkke/contract/seoul-day';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminContentMessages as c } from '@/shared/messages/admin-content.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { Input } from './challenge-forms.tsx';
import { fieldError, TextArea } from './content-fields.tsx';
import { AdminButton } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen } from '../shell/screen.tsx';
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
    <AdminScreen
      headingId="terms-heading"
      heading={c.terms.heading}
      actions={<AdminButton onClick={() => setPublishing(true)}>{c.terms.publish}</AdminButton>}
    >
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
      <ListPanel
        query={list}
        empty={c.terms.empty}
        rowKey={(item) => item.termsId}
        columns={[
          { header: c.terms.columns.version, cell: (item) => item.version, rowHeader: true },
          { header: c.terms.columns.title, cell: (item) => item.title },
          { header: c.terms.columns.effectiveDate, cell: (item) => item.effectiveDate },
          { header: c.terms.columns.required, cell: (item) => (item.required ? c.yes : c.no) },
          {
            header: c.terms.columns.state,
            cell: (item) => (
              <span className={`${styles.badge} ${item.inForce ? '' : styles.draft}`}>{stateOf(item)}</span>
            ),
          },
          {
            header: c.terms.columns.publishedAt,
            cell: (item) => (item.publishedAt ? formatSeoulDateTime(item.publishedAt) : c.terms.demo),
          },
          {
            header: c.terms.columns.actions,
            cell: (item: AdminTermsVersion) => (
              <AdminButton
                variant="secondary"
                aria-label={`${item.version} ${c.terms.view}`}
                aria-expanded={viewing?.termsId === item.termsId}
                onClick={() => setViewing(viewing?.termsId === item.termsId ? null : item)}
              >
                {viewing?.termsId === item.termsId ? c.terms.close : c.terms.view}
              </AdminButton>
            ),
          },
        ]}
      />
      {viewing && (
        <article className={styles.card} aria-label={`${viewing.title} ${viewing.version}`}>
          <h2 className={styles.subheading}>
            {viewing.title} · {viewing.version}
          </h2>
          <p className={styles.prewrap}>{viewing.content}</p>
        </article>
      )}
    </AdminScreen>
  );
}

/** A version's state today: in force, upcoming or past. */
function stateOf(item: AdminTermsVersion): string {
  if (item.inForce) return c.terms.inForce;
  return item.effectiveDate > seoulDay() ? c.terms.upcoming : c.terms.past;
}

function PublishForm(props: {
  kind: AdminTermsKind;
  newest: AdminTermsVersion | undefined;
  onDone: () => void;
}) {
  const ask = useConfirm();
  const { kind, newest, onDone } = props;
  const kindName = c.terms.kinds[kind] ?? kind;
  const form = useSchemaForm(adminTermsPublishRequestSchema, {
    kind,
    version: '',
    title: newest?.title ?? kindName,
    content: newest?.content ?? '',
    effectiveDate: [seoulDay(), newest?.effectiveDate ?? ''].sort().at(-1),
    required: true,
  });
  const { register, formState } = form;
  const error = (path: string) => fieldError(formState.errors, path, c.terms.fieldErrors);
  const publish = useConsoleMutation(adminTermsPublishEndpoint);
  return (
    <AdminScreen heading={c.terms.form.heading(kindName)}>
      <EditorForm
        form={form}
        noValidate
        onValid={async (values) => {
          if (!(await ask({ title: c.terms.form.confirm(kindName, values.version) }))) return;
          await publish.mutateAsync(values);
          onDone();
        }}
        refusal={c.terms}
        submitLabel={c.terms.form.submit}
        cancel={{ label: c.cancel, onCancel: onDone }}
      >
        <Input label={c.terms.form.version} error={error('version')} {...register('version')} />
        <Input label={c.terms.form.title} error={error('title')} {...register('title')} />
        <Input
          type="date"
          label={c.terms.form.effectiveDate}
          hint={c.terms.form.effectiveHint}
          error={error('effectiveDate')}
          {...register('effectiveDate')}
        />
        <label className={styles.inline}>
          <input type="checkbox" {...register('required')} />
          {c.terms.form.required}
        </label>
        <TextArea label={c.terms.form.content} error={error('content')} rows={16} {...register('content')} />
      </EditorForm>
    </AdminScreen>
  );
}
