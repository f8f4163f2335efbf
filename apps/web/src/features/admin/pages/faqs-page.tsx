import {
  adminFaqCreateEndpoint,
  adminFaqDeleteEndpoint,
  adminFaqListEndpoint,
  adminFaqUpdateEndpoint,
  type AdminFaq,
} from '@hamkke/contract/admin/faqs';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { fieldError, showServerRefusal } from './content-fields.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

/** The FAQ of /my/faq: entries by category in the operator's order. */
export function FaqsPage() {
  const ask = useConfirm();
  const [editing, setEditing] = useState<AdminFaq | 'new' | null>(null);
  const list = useQuery(consoleQuery(adminFaqListEndpoint, {}));
  const remove = useConsoleMutation(adminFaqDeleteEndpoint);
  if (editing) {
    return <FaqForm faq={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return (
    <section aria-labelledby="faqs-heading">
      <div className={styles.toolbar}>
        <h1 id="faqs-heading" className={styles.heading}>
          {m.faqs.heading}
        </h1>
        <AdminButton onClick={() => setEditing('new')}>{m.faqs.create}</AdminButton>
      </div>
      <div className={styles.card}>
        {remove.error !== null && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={m.faqs.empty}>
          {(data) => (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{m.faqs.columns.category}</th>
                  <th scope="col">{m.faqs.columns.question}</th>
                  <th scope="col">{m.faqs.columns.sort}</th>
                  <th scope="col">{m.faqs.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((faq) => (
                  <tr key={faq.faqId}>
                    <td>{faq.category}</td>
                    <td>{faq.question}</td>
                    <td>{faq.sort}</td>
                    <td>
                      <div className={styles.actions}>
                        <AdminButton
                          variant="secondary"
                          aria-label={`${faq.question} ${m.faqs.edit}`}
                          onClick={() => setEditing(faq)}
                        >
                          {m.faqs.edit}
                        </AdminButton>
                        <AdminButton
                          variant="danger"
                          aria-label={`${faq.question} ${m.faqs.remove}`}
                          onClick={() =>
                            void ask({
                              title: m.faqs.confirmRemove(faq.question),
                              confirmLabel: m.faqs.remove,
                              danger: true,
                            }).then((yes) => yes && remove.mutate({ faqId: faq.faqId }))
                          }
                        >
                          {m.faqs.remove}
                        </AdminButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </LoadedView>
      </div>
    </section>
  );
}

const faqFormSchema = adminFaqCreateEndpoint.request;
type FaqValues = z.input<typeof faqFormSchema>;

/** A sort number typed as digits (four at most); an empty field is 0. */
const sortFromText = (text: string) => Number(text.replace(/\D/g, '').slice(0, 4));

function FaqForm({ faq, onDone }: { faq: AdminFaq | null; onDone: () => void }) {
  const answerId = useId();
  const create = useConsoleMutation(adminFaqCreateEndpoint);
  const update = useConsoleMutation(adminFaqUpdateEndpoint);
  const { control, register, handleSubmit, formState, setError, watch } = useForm<
    FaqValues,
    unknown,
    z.output<typeof faqFormSchema>
  >({
    resolver: standardSchemaResolver(faqFormSchema),
    defaultValues: {
      category: faq?.category ?? '',
      question: faq?.question ?? '',
      answer: faq?.answer ?? '',
      sort: faq?.sort ?? 0,
    },
  });
  const errors = formState.errors;
  const error = (path: string) => fieldError(errors, path, m.faqs.fieldErrors);
  const [category, question, answer] = watch(['category', 'question', 'answer']);
  const submit = handleSubmit(async (fields) => {
    try {
      if (faq) await update.mutateAsync({ faqId: faq.faqId, ...fields });
      else await create.mutateAsync(fields);
      onDone();
    } catch (refusal) {
      showServerRefusal(refusal, setError, m.faqs);
    }
  });
  return (
    <section aria-labelledby="faq-form-heading">
      <div className={styles.toolbar}>
        <h1 id="faq-form-heading" className={styles.heading}>
          {faq ? m.faqs.form.editHeading : m.faqs.form.createHeading}
        </h1>
      </div>
      <form className={`${styles.card} ${styles.form}`} onSubmit={(event) => void submit(event)}>
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
        {error('answer') && (
          <p className={styles.error} role="alert">
            {error('answer')}
          </p>
        )}
        <BoundTextField
          control={control}
          name="sort"
          label={m.faqs.form.sort}
          inputMode="numeric"
          toText={String}
          fromText={sortFromText}
        />
        {errors.root && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton
            type="submit"
            disabled={formState.isSubmitting || !category.trim() || !question.trim() || !answer.trim()}
          >
            {m.faqs.form.save}
          </AdminButton>
          <AdminButton variant="secondary" onClick={onDone}>
            {m.faqs.form.cancel}
          </AdminButton>
        </div>
      </form>
    </section>
  );
}
