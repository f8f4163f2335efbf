/** A form's errors, field by field: the sentence to show next to each field that is wrong. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Whether any field has an error (a cleared field holds `undefined`). */
export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}
