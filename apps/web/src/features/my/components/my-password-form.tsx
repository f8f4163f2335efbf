import { LOGIN_PASSWORD_INPUT_MAX } from '@hamkke/contract/login/children-login';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@/shared/routing/location.ts';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { changeMyPassword } from '../api/account.ts';
import { hasErrors, validateNewPassword, type FieldErrors, type NewPasswordField } from '../my-rules.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

type Field = NewPasswordField | 'current';

/** /my/pw for a signed-in child: the current password proves it is them. */
export function MyPasswordForm({ loginId }: { loginId: string }) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => changeMyPassword(current, password),
    onSuccess: () => {
      showToast(myMessages.passwordChanged);
      void navigate('/my');
    },
    onError: (error) => {
      const code = apiErrorCode(error);
      if (code === 'INVALID_CREDENTIALS') setErrors({ current: myMessages.currentPasswordWrong });
      else if (code === 'RATE_LIMITED') setFailure(messages.childrenLogin.rateLimited);
      else setFailure(errorMessageFor(error));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {
      ...(current === '' ? { current: myMessages.currentPasswordRequired } : {}),
      ...validateNewPassword(password, confirm),
    };
    setErrors(found);
    setFailure(null);
    if (!hasErrors(found) && !change.isPending) change.mutate();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <input type="text" name="username" value={loginId} autoComplete="username" readOnly hidden />
      <TextField
        label={myMessages.currentPassword}
        name="currentPassword"
        type="password"
        value={current}
        onValueChange={setCurrent}
        error={errors.current}
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_INPUT_MAX}
      />
      <NewPasswordFields
        label={myMessages.newPassword}
        confirmLabel={myMessages.newPasswordConfirm}
        hint={myMessages.childPasswordHint}
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        errors={{ password: errors.newPassword, confirm: errors.confirm }}
      />
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <Button type="submit" block busy={change.isPending}>
        {myMessages.changePassword}
      </Button>
    </form>
  );
}
