import { Field } from '@base-ui/react/field';
import type { InputHTMLAttributes } from 'react';
import styles from './text-field.module.css';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'className' | 'style' | 'children'
>;

interface TextFieldProps extends InputProps {
  /** The visible label, tied to the input. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The rule of the field, read with it by screen readers. */
  hint?: string;
  /** What is wrong with the value and how to fix it; marks the input invalid. */
  error?: string | null;
}

/** A labelled text input with its rule and its error next to it (Base UI Field). */
export function TextField({ label, value, onValueChange, hint, error, ...inputProps }: TextFieldProps) {
  const invalid = Boolean(error);
  return (
    <Field.Root className={styles.field} invalid={invalid}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Control
        className={styles.input}
        value={value}
        onValueChange={(next) => onValueChange(next)}
        {...inputProps}
      />
      {hint !== undefined && <Field.Description className={styles.hint}>{hint}</Field.Description>}
      {invalid && (
        <Field.Error match className={styles.error}>
          {error}
        </Field.Error>
      )}
    </Field.Root>
  );
}
