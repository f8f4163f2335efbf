import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';

/*
 * Form helpers of the content screens (terms, service info, common codes): the contract's schemas
 * check in the browser; the server's field errors land on the same inputs, worded by code or field.
 */

/** A field's Korean error: the server's reason when it gave one, else the field's rule. */
export function fieldError(errors: FieldErrors, path: string, words: Record<string, string>): string | null {
  const error = get(errors, path) as { message?: string; type?: string } | undefined;
  if (!error) return null;
  if (error.type === 'server' && error.message) return error.message;
  return words[path] ?? m.failed;
}

/** Puts a refused call's field errors on the form (else a root error); 409 as root `conflict`. */
export function showServerRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  words: { fieldErrors: Record<string, string>; fieldCodes?: Record<string, string> },
): void {
  if (error instanceof ApiError && error.fields.length > 0) {
    for (const field of error.fields) {
      const message = words.fieldCodes?.[field.code] ?? words.fieldErrors[field.path] ?? m.failed;
      setError(field.path as Path<T>, { type: 'server', message });
    }
    return;
  }
  setError('root', { type: error instanceof ApiError && error.status === 409 ? 'conflict' : 'failed' });
}

/** A labelled textarea (registered with react-hook-form) with its error tied to it. */
export function TextArea({
  label,
  error,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
