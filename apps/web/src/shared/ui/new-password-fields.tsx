import { CHILD_PASSWORD_MAX } from '@hamkke/contract/login/children-login';
import { TextField } from './text-field.tsx';

interface NewPasswordFieldsProps {
  /** The visible labels of the two fields and the rule shown under the first. */
  label: string;
  confirmLabel: string;
  hint: string;
  /** The form name of the first field (the second is always `confirmPassword`). */
  name?: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  errors: { password?: string | null; confirm?: string | null };
}

/** A new password typed twice: both filed as `new-password` for password managers, 64 characters at most. */
export function NewPasswordFields({
  label,
  confirmLabel,
  hint,
  name = 'newPassword',
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={label}
        name={name}
        type="password"
        value={password}
        onValueChange={onPasswordChange}
        hint={hint}
        error={errors.password}
        autoComplete="new-password"
        maxLength={CHILD_PASSWORD_MAX}
      />
      <TextField
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        value={confirm}
        onValueChange={onConfirmChange}
        error={errors.confirm}
        autoComplete="new-password"
        maxLength={CHILD_PASSWORD_MAX}
      />
    </>
  );
}
