import {
  adminForbiddenWordAddEndpoint,
  adminForbiddenWordListEndpoint,
  adminForbiddenWordRemoveEndpoint,
  adminForbiddenWordTryEndpoint,
} from '@hamkke/contract/admin/forbidden-words';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { formatSeoulDateTime } from '@/shared/format/date.ts';
import styles from '../admin.module.css';
import { consoleQuery, useConsoleMutation } from '../api/console-query.ts';
import { AdminButton, LoadedView } from './parts.tsx';

/** The forbidden-word list: add, remove, and a box to try a sentence against it. */
export function ForbiddenWordsPage() {
  const [word, setWord] = useState('');
  const [sentence, setSentence] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const list = useQuery(consoleQuery(adminForbiddenWordListEndpoint, {}));
  const add = useConsoleMutation(adminForbiddenWordAddEndpoint, {
    onSuccess: (answer) => {
      setMessage(answer.added ? m.forbiddenWords.added(word.trim()) : m.forbiddenWords.exists(word.trim()));
      setWord('');
    },
  });
  const remove = useConsoleMutation(adminForbiddenWordRemoveEndpoint);
  const [result, setResult] = useState<string | null>(null);
  const tryIt = useConsoleMutation(adminForbiddenWordTryEndpoint, {
    reads: true,
    onSuccess: (answer) =>
      setResult(answer.forbidden ? m.forbiddenWords.found(answer.words) : m.forbiddenWords.clean),
  });
  const addError =
    add.error instanceof ApiError && add.error.code === 'VALIDATION_FAILED'
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
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              setMessage(null);
              add.mutate({ word });
            }}
          >
            <TextField
              label={m.forbiddenWords.word}
              value={word}
              onValueChange={setWord}
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
                      onClick={() => {
                        if (window.confirm(m.forbiddenWords.confirmRemove(item.word)))
                          remove.mutate({ word: item.word });
                      }}
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
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            tryIt.mutate({ text: sentence });
          }}
        >
          <h2 id="try-heading" className={styles.subheading}>
            {m.forbiddenWords.tryHeading}
          </h2>
          <TextField
            label={m.forbiddenWords.tryLabel}
            value={sentence}
            onValueChange={setSentence}
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
