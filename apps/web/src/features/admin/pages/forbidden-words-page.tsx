import {
  adminForbiddenWordAddEndpoint,
  adminForbiddenWordListEndpoint,
  adminForbiddenWordRemoveEndpoint,
  adminForbiddenWordTryEndpoint,
} from '@hamkke/contract/admin/forbidden-words';
import { useQuery } from '@tanstack/react-query';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton, LoadedView } from './parts.tsx';
import { useConfirm } from './confirm.tsx';

const addSchema = adminForbiddenWordAddEndpoint.request;
const trySchema = adminForbiddenWordTryEndpoint.request;

/** The forbidden-word list: add, remove, and a box to try a sentence against it. */
export function ForbiddenWordsPage() {
  const ask = useConfirm();
  const [message, setMessage] = useState<string | null>(null);
  const list = useQuery(consoleQuery(adminForbiddenWordListEndpoint, {}));
  const addForm = useForm<z.input<typeof addSchema>, unknown, z.output<typeof addSchema>>({
    resolver: standardSchemaResolver(addSchema),
    defaultValues: { word: '' },
  });
  const word = addForm.watch('word');
  const add = useConsoleMutation(adminForbiddenWordAddEndpoint, {
    onSuccess: (answer, request) => {
      const added = request.word.trim();
      setMessage(answer.added ? m.forbiddenWords.added(added) : m.forbiddenWords.exists(added));
      addForm.reset();
    },
  });
  const submitAdd = addForm.handleSubmit((request) => add.mutate(request));
  const remove = useConsoleMutation(adminForbiddenWordRemoveEndpoint);
  const [result, setResult] = useState<string | null>(null);
  const tryForm = useForm<z.input<typeof trySchema>, unknown, z.output<typeof trySchema>>({
    resolver: standardSchemaResolver(trySchema),
    defaultValues: { text: '' },
  });
  const sentence = tryForm.watch('text');
  const tryIt = useConsoleMutation(adminForbiddenWordTryEndpoint, {
    reads: true,
    onSuccess: (answer) =>
      setResult(answer.forbidden ? m.forbiddenWords.found(answer.words) : m.forbiddenWords.clean),
  });
  const submitTry = tryForm.handleSubmit((request) => tryIt.mutate(request));
  // The contract's rule refused it in the browser, or the server did.
  const addError =
    addForm.formState.errors.word || (add.error instanceof ApiError && add.error.code === 'VALIDATION_FAILED')
      ? m.forbiddenWords.invalid
      : add.error
        ? m.failed
        : null;
  return (
    <section aria-labelledby="forbidden-heading">
      <div className={styles.toolbar}>
        <h1 id="forbidden-heading" className={styles.heading}>
          {m.forbiddenWords.heading}
          {list.isSuccess && (
            <span className={styles.muted}> {m.forbiddenWords.count(list.data.items.length)}</span>
          )}
        </h1>
      </div>
      <div className={styles.split}>
        <div className={`${styles.card} ${styles.wide}`}>
          <form
            className={styles.inlineForm}
            onSubmit={(event) => {
              setMessage(null);
              void submitAdd(event);
            }}
          >
            <BoundTextField
              control={addForm.control}
              name="word"
              label={m.forbiddenWords.word}
              maxLength={30}
              error={addError}
            />
            <AdminButton type="submit" disabled={add.isPending || !word.trim()}>
              {m.forbiddenWords.add}
            </AdminButton>
          </form>
          {message && (
            <p role="status" className={styles.result}>
              {message}
            </p>
          )}
          <LoadedView query={list} isEmpty={(data) => data.items.length === 0} empty={m.forbiddenWords.empty}>
            {(data) => (
              <ul className={styles.chips}>
                {data.items.map((item) => (
                  <li key={item.word} className={styles.chip} title={formatSeoulDateTime(item.createdAt)}>
                    {item.word}
                    <button
                      type="button"
                      className={styles.chipRemove}
                      aria-label={m.forbiddenWords.remove(item.word)}
                      onClick={() =>
                        void ask({ title: m.forbiddenWords.confirmRemove(item.word), danger: true }).then(
                          (yes) => yes && remove.mutate({ word: item.word }),
                        )
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </LoadedView>
        </div>
        <form
          className={`${styles.card} ${styles.form} ${styles.narrow}`}
          aria-labelledby="try-heading"
          onSubmit={(event) => void submitTry(event)}
        >
          <h2 id="try-heading" className={styles.subheading}>
            {m.forbiddenWords.tryHeading}
          </h2>
          <BoundTextField
            control={tryForm.control}
            name="text"
            label={m.forbiddenWords.tryLabel}
            maxLength={2000}
          />
          <AdminButton type="submit" disabled={tryIt.isPending || !sentence.trim()}>
            {m.forbiddenWords.tryButton}
          </AdminButton>
          {result && (
            <p role="status" className={styles.result}>
              {result}
            </p>
          )}
        </form>
      </div>
    </section>
  );
}
