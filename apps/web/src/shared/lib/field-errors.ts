import type { FieldError } from 'react-hook-form';

/** A form's errors, field by field: the sentence to show next to each field that is wrong. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Whether any field has an error (a cleared field holds `undefined`). */
export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A react-hook-form field's sentence: the server's reason when it gave one (a `server` error with
 * its words), else the form's own sentence for the field's rule.
 */
export function fieldText(error: FieldError | undefined, rule: string): string | undefined {
  if (!error) return undefined;
  return error.type === 'server' && error.message ? error.message : rule;
}
