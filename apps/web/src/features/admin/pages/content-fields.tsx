import { seoulDateTime, seoulDateTimeInstant } from '@hamkke/contract/seoul-day';
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/shared/api/api-error.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';

/*
 * Form helpers of the console's screens: every form is react-hook-form with the contract's schema as
 * its resolver (decision 011), so the browser refuses what the server would; the server's field
 * errors land on the same inputs, worded by code or field.
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

/** A `datetime-local` input's value (Seoul wall time) of an instant; empty without one. */
export function localInputOf(iso: string | null | undefined): string {
  const instant = iso ? new Date(iso) : null;
  return instant && !Number.isNaN(instant.getTime()) ? seoulDateTime(instant) : '';
}

/**
 * The instant of a `datetime-local` input's value (Seoul wall time); what is not one is kept as
 * typed, for the contract's rule to refuse.
 */
export function instantOfLocal(value: string): string {
  const instant = seoulDateTimeInstant(value);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
}
