import {
  adminFaqCreateEndpoint,
  adminFaqDeleteEndpoint,
  adminFaqListEndpoint,
  adminFaqUpdateEndpoint,
  type AdminFaq,
} from '@hamkke/contract/admin/faqs';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { fieldError } from './content-fields.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton } from './parts.tsx';
import { EditorForm, useSchemaForm } from '../shell/editor-form.tsx';
import { EditRemoveActions, ListPanel } from '../shell/list-panel.tsx';
import { AdminScreen, FailedLine } from '../shell/screen.tsx';

/** The FAQ of /my/faq: entries by category in the operator's order. */
export function FaqsPage() {
  const [editing, setEditing] = useState<AdminFaq | 'new' | null>(null);
  const list = useQuery(consoleQuery(adminFaqListEndpoint, {}));
  const remove = useConsoleMutation(adminFaqDeleteEndpoint);
  if (editing) {
    return <FaqForm faq={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  const f = m.faqs;
  return (
    <AdminScreen
      headingId="faqs-heading"
      heading={f.heading}
      actions={<AdminButton onClick={() => setEditing('new')}>{f.create}</AdminButton>}
    >
      <ListPanel
        query={list}
        empty={f.empty}
        failed={remove.error !== null}
        rowKey={(faq) => faq.faqId}
        columns={[
          { header: f.columns.category, cell: (faq) => faq.category },
          { header: f.columns.question, cell: (faq) => faq.question },
          { header: f.columns.sort, cell: (faq) => faq.sort },
          {
            header: f.columns.actions,
            cell: (faq: AdminFaq) => (
              <EditRemoveActions
                subject={faq.question}
                edit={f.edit}
                remove={f.remove}
                confirmRemove={f.confirmRemove(faq.question)}
                onEdit={() => setEditing(faq)}
                onRemove={() => remove.mutate({ faqId: faq.faqId })}
              />
            ),
          },
        ]}
      />
    </AdminScreen>
  );
}

const faqFormSchema = adminFaqCreateEndpoint.request;

/** A sort number typed as digits (four at most); an empty field is 0. */
const sortFromText = (text: string) => Number(text.replace(/\D/g, '').slice(0, 4));

function FaqForm({ faq, onDone }: { faq: AdminFaq | null; onDone: () => void }) {
  const answerId = useId();
  const create = useConsoleMutation(adminFaqCreateEndpoint);
  const update = useConsoleMutation(adminFaqUpdateEndpoint);
  const form = useSchemaForm(faqFormSchema, {
    category: faq?.category ?? '',
    question: faq?.question ?? '',
    answer: faq?.answer ?? '',
    sort: faq?.sort ?? 0,
  });
  const { control, register, formState, watch } = form;
  const error = (path: string) => fieldError(formState.errors, path, m.faqs.fieldErrors);
  const [category, question, answer] = watch(['category', 'question', 'answer']);
  return (
    <AdminScreen
      headingId="faq-form-heading"
      heading={faq ? m.faqs.form.editHeading : m.faqs.form.createHeading}
    >
      <EditorForm
        form={form}
        onValid={async (fields) => {
          if (faq) await update.mutateAsync({ faqId: faq.faqId, ...fields });
          else await create.mutateAsync(fields);
          onDone();
        }}
        refusal={m.faqs}
        submitLabel={m.faqs.form.save}
        ready={Boolean(category.trim() && question.trim() && answer.trim())}
        cancel={{ label: m.faqs.form.cancel, onCancel: onDone }}
      >
        <BoundTextField
          control={control}
          name="category"
          label={m.faqs.form.category}
          maxLength={20}
          error={error('category')}
        />
        <BoundTextField
          control={control}
          name="question"
          label={m.faqs.form.question}
          maxLength={200}
          error={error('question')}
        />
        <label className={styles.label} htmlFor={answerId}>
          {m.faqs.form.answer}
          <textarea
            id={answerId}
            className={styles.textarea}
            maxLength={3000}
            aria-invalid={error('answer') ? true : undefined}
            {...register('answer')}
          />
        </label>
        <FailedLine shown={error('answer') !== null}>{error('answer')}</FailedLine>
        <BoundTextField
          control={control}
          name="sort"
          label={m.faqs.form.sort}
          inputMode="numeric"
          toText={String}
          fromText={sortFromText}
        />
      </EditorForm>
    </AdminScreen>
  );
}
