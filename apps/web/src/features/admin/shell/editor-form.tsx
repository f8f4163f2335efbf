import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import styles from '../admin.module.css';
import { showServerRefusal } from '../pages/content-fields.tsx';
import { AdminButton } from '../pages/parts.tsx';

/**
 * A console form: react-hook-form with the contract's schema as its resolver (decision 011), so the
 * browser refuses what the server would.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: standardSchemaResolver(schema),
    defaultValues,
  });
}

/** The words a refused call's field errors are told in: by the error's code, else by its field. */
export interface RefusalWords {
  fieldErrors: Record<string, string>;
  fieldCodes?: Record<string, string>;
}

/**
 * A console form in its card: the fields, the line that says the form as a whole was refused, what
 * saving did, and the save (busy while it sends) and cancel buttons. `onValid` sends what the schema
 * let through; when it throws, the server's field errors land on their inputs (`refusal` words them,
 * or handles the refusal itself) and anything else on the form as a whole.
 */
export function EditorForm<TIn extends FieldValues, TOut extends FieldValues>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onValid: (values: TOut) => Promise<unknown>;
  refusal: RefusalWords | ((error: unknown) => void);
  submitLabel: string;
  /** Whether the form may be sent yet (its required fields are filled). */
  ready?: boolean;
  cancel?: { label: string; onCancel: () => void };
  /** The words of the form-wide error, by its type ("failed", "conflict", …). */
  rootMessage?: (type: string) => string;
  /** What saving did (a status line), shown above the buttons. */
  status?: ReactNode;
  noValidate?: boolean;
  children: ReactNode;
}) {
  const { form, refusal } = props;
  const { formState } = form;
  const submit = form.handleSubmit(async (values) => {
    try {
      await props.onValid(values);
    } catch (error) {
      if (typeof refusal === 'function') refusal(error);
      else showServerRefusal(error, form.setError, refusal);
    }
  });
  const root = formState.errors.root;
  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate={props.noValidate}
      onSubmit={(event) => void submit(event)}
    >
      {props.children}
      {root && (
        <p className={styles.error} role="alert">
          {props.rootMessage?.(String(root.type)) ?? m.failed}
        </p>
      )}
      {props.status}
      <div className={styles.actions}>
        <AdminButton type="submit" disabled={formState.isSubmitting || props.ready === false}>
          {props.submitLabel}
        </AdminButton>
        {props.cancel && (
          <AdminButton variant="secondary" onClick={props.cancel.onCancel}>
            {props.cancel.label}
          </AdminButton>
        )}
      </div>
    </form>
  );
}
