import { CHILD_LOGIN_ID_MAX, LOGIN_PASSWORD_INPUT_MAX } from '@hamkke/contract/login/children-login';
import { changeMyIdEndpoint } from '@hamkke/contract/my/children';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from '@/shared/routing/location.ts';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { changeMyId } from '../api/account.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

const { request } = changeMyIdEndpoint;
/** The contract's request, with the current password filled in. */
const idFormSchema = request.extend({ currentPassword: request.shape.currentPassword.min(1) });

/** /my/id for a signed-in child: a new login id, proved by the current password. */
export function MyIdForm({ loginId }: { loginId: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof idFormSchema>,
    unknown,
    z.output<typeof idFormSchema>
  >({
    resolver: standardSchemaResolver(idFormSchema),
    defaultValues: { currentPassword: '', newLoginId: '' },
  });
  const change = useMutation({
    mutationFn: (fields: z.output<typeof idFormSchema>) =>
      changeMyId(fields.currentPassword, fields.newLoginId),
    onSuccess: ({ loginId: changed }) => {
      // The session shows the new id at once (spec §3 userInfo.id).
      useSessionStore.setState((state) =>
        state.userInfo ? { userInfo: { ...state.userInfo, id: changed } } : state,
      );
      showToast(myMessages.idChanged);
      void navigate('/my');
    },
    onError: (error) => {
      const code = apiErrorCode(error);
      if (code === 'INVALID_CREDENTIALS') {
        setError('currentPassword', { type: 'server', message: myMessages.currentPasswordWrong });
      } else if (code === 'CONFLICT') {
        setError('newLoginId', { type: 'server', message: myMessages.loginIdTaken });
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
      <p className={styles.profileMeta}>{myMessages.currentId(loginId)}</p>
      <BoundTextField
        control={control}
        label={myMessages.newId}
        name="newLoginId"
        error={fieldText(errors.newLoginId, myMessages.loginIdInvalid)}
        hint={messages.childLink.loginIdHint}
        autoComplete="username"
        maxLength={CHILD_LOGIN_ID_MAX}
      />
      <BoundTextField
        control={control}
        label={myMessages.currentPassword}
        name="currentPassword"
        type="password"
        error={fieldText(errors.currentPassword, myMessages.currentPasswordRequired)}
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_INPUT_MAX}
      />
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <Button type="submit" block busy={change.isPending}>
        {myMessages.changeId}
      </Button>
    </form>
  );
}
