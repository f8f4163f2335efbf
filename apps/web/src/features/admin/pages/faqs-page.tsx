import {
  adminFaqCreateEndpoint,
  adminFaqDeleteEndpoint,
  adminFaqListEndpoint,
  adminFaqUpdateEndpoint,
  type AdminFaq,
} from '@hamkke/contract/admin/faqs';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminButton, LoadedView } from './parts.tsx';

/** The FAQ of /my/faq: entries by category in the operator's order. */
export function FaqsPage() {
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
                          onClick={() => {
                            if (window.confirm(m.faqs.confirmRemove(faq.question)))
                              remove.mutate({ faqId: faq.faqId });
                          }}
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

function FaqForm({ faq, onDone }: { faq: AdminFaq | null; onDone: () => void }) {
  const [category, setCategory] = useState(faq?.category ?? '');
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [sort, setSort] = useState(String(faq?.sort ?? 0));
  const answerId = useId();
  const create = useConsoleMutation(adminFaqCreateEndpoint, { onSuccess: onDone });
  const update = useConsoleMutation(adminFaqUpdateEndpoint, { onSuccess: onDone });
  const save = faq ? update : create;
  const run = () => {
    const fields = { category, question, answer, sort: Number(sort) || 0 };
    if (faq) update.mutate({ faqId: faq.faqId, ...fields });
    else create.mutate(fields);
  };
  const fieldError = (path: string) =>
    save.error instanceof ApiError && save.error.fields.some((field) => field.path === path)
      ? (m.faqs.fieldErrors[path] ?? m.failed)
      : null;
  return (
    <section aria-labelledby="faq-form-heading">
      <div className={styles.toolbar}>
        <h1 id="faq-form-heading" className={styles.heading}>
          {faq ? m.faqs.form.editHeading : m.faqs.form.createHeading}
        </h1>
      </div>
      <form
        className={`${styles.card} ${styles.form}`}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          run();
        }}
      >
        <TextField
          label={m.faqs.form.category}
          value={category}
          onValueChange={setCategory}
          maxLength={20}
          error={fieldError('category')}
        />
        <TextField
          label={m.faqs.form.question}
          value={question}
          onValueChange={setQuestion}
          maxLength={200}
          error={fieldError('question')}
        />
        <label className={styles.label} htmlFor={answerId}>
          {m.faqs.form.answer}
          <textarea
            id={answerId}
            className={styles.textarea}
            value={answer}
            maxLength={3000}
            onChange={(event) => setAnswer(event.target.value)}
            aria-invalid={fieldError('answer') ? true : undefined}
          />
        </label>
        {fieldError('answer') && (
          <p className={styles.error} role="alert">
            {fieldError('answer')}
          </p>
        )}
        <TextField
          label={m.faqs.form.sort}
          value={sort}
          inputMode="numeric"
          onValueChange={(value) => setSort(value.replace(/\D/g, '').slice(0, 4))}
        />
        {save.error !== null && !(save.error instanceof ApiError && save.error.fields.length > 0) && (
          <p className={styles.error} role="alert">
            {m.failed}
          </p>
        )}
        <div className={styles.actions}>
          <AdminButton
            type="submit"
            disabled={save.isPending || !category.trim() || !question.trim() || !answer.trim()}
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
