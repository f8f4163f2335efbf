import { LOGIN_PASSWORD_INPUT_MAX } from '@hamkke/contract/login/children-login';
import { changeMyPasswordEndpoint } from '@hamkke/contract/my/children';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from '@/shared/routing/location.ts';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { messages } from '@/shared/messages.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { changeMyPassword } from '../api/account.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

const { request } = changeMyPasswordEndpoint;
/** The contract's request with the current password filled in, and the new one typed twice. */
const passwordFormSchema = request
  .extend({ currentPassword: request.shape.currentPassword.min(1), confirm: z.string() })
  .refine((fields) => fields.confirm === fields.newPassword, { path: ['confirm'] });

/** /my/pw for a signed-in child: the current password proves it is them. */
export function MyPasswordForm({ loginId }: { loginId: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof passwordFormSchema>,
    unknown,
    z.output<typeof passwordFormSchema>
  >({
    resolver: standardSchemaResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const password = useController({ control, name: 'newPassword' }).field;
  const confirm = useController({ control, name: 'confirm' }).field;
  const change = useMutation({
    mutationFn: (fields: z.output<typeof passwordFormSchema>) =>
      changeMyPassword(fields.currentPassword, fields.newPassword),
    onSuccess: () => {
      showToast(myMessages.passwordChanged);
      void navigate('/my');
    },
    onError: (error) => {
      const code = apiErrorCode(error);
      if (code === 'INVALID_CREDENTIALS') {
        setError('currentPassword', { type: 'server', message: myMessages.currentPasswordWrong });
      } else if (code === 'RATE_LIMITED') setFailure(messages.childrenLogin.rateLimited);
      else setFailure(errorMessageFor(error));
    },
  });
  const submit = handleSubmit((fields) => {
    if (!change.isPending) change.mutate(fields);
  });
  const { errors } = formState;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        setFailure(null);
        void submit(event);
      }}
      noValidate
    >
      <input type="text" name="username" value={loginId} autoComplete="username" readOnly hidden />
      <BoundTextField
        control={control}
        label={myMessages.currentPassword}
        name="currentPassword"
        type="password"
        error={fieldText(errors.currentPassword, myMessages.currentPasswordRequired)}
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_INPUT_MAX}
      />
      <NewPasswordFields
        label={myMessages.newPassword}
        confirmLabel={myMessages.newPasswordConfirm}
        hint={myMessages.childPasswordHint}
        password={password.value}
        confirm={confirm.value}
        onPasswordChange={password.onChange}
        onConfirmChange={confirm.onChange}
        errors={{
          password: fieldText(errors.newPassword, myMessages.passwordInvalid),
          // The second field is checked once the first is right.
          confirm: errors.newPassword ? undefined : fieldText(errors.confirm, myMessages.passwordMismatch),
        }}
      />
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <Button type="submit" block busy={change.isPending}>
        {myMessages.changePassword}
      </Button>
    </form>
  );
}
