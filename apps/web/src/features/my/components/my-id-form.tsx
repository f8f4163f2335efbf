import {
  CHILD_LOGIN_ID_MAX,
  childLoginIdSchema,
  LOGIN_PASSWORD_INPUT_MAX,
} from '@hamkke/contract/login/children-login';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@/shared/routing/location.ts';
import { apiErrorCode, errorMessageFor } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { changeMyId } from '../api/account.ts';
import styles from './my.module.css';
import { myMessages } from '@/shared/messages/my.ts';

/** /my/id for a signed-in child: a new login id, proved by the current password. */
export function MyIdForm({ loginId }: { loginId: string }) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [newId, setNewId] = useState('');
  const [errors, setErrors] = useState<{ current?: string; newId?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => changeMyId(current, newId),
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
      if (code === 'INVALID_CREDENTIALS') setErrors({ current: myMessages.currentPasswordWrong });
      else if (code === 'CONFLICT') setErrors({ newId: myMessages.loginIdTaken });
      else if (code === 'RATE_LIMITED') setFailure(messages.childrenLogin.rateLimited);
      else setFailure(errorMessageFor(error));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(current === '' ? { current: myMessages.currentPasswordRequired } : {}),
      ...(childLoginIdSchema.safeParse(newId).success ? {} : { newId: myMessages.loginIdInvalid }),
    };
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length === 0 && !change.isPending) change.mutate();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.profileMeta}>{myMessages.currentId(loginId)}</p>
      <TextField
        label={myMessages.newId}
        name="newLoginId"
        value={newId}
        onValueChange={setNewId}
        error={errors.newId}
        hint={messages.childLink.loginIdHint}
        autoComplete="username"
        maxLength={CHILD_LOGIN_ID_MAX}
      />
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
      {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
      <Button type="submit" block busy={change.isPending}>
        {myMessages.changeId}
      </Button>
    </form>
  );
}
