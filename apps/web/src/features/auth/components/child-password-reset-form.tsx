import type { ChildLinkInfo } from '@hamkke/contract/login/child-invite';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@/shared/routing/location.ts';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { messages } from '@/shared/messages.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { resetChildPasswordByLink } from '../api/child-links.ts';
import {
  childrenLoginPath,
  hasErrors,
  linkFailure,
  validatePasswordPair,
  type FieldErrors,
  type PasswordField,
} from '../child-link-rules.ts';
import styles from './child-link.module.css';
import { DeadChildLink } from './dead-child-link.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type LinkInfo = Pick<ChildLinkInfo, 'userNm' | 'loginId'>;

/** A new password for the child's account, typed twice; then on to the child login with the id filled in. */
export function ChildPasswordResetForm({
  token,
  info,
  documentTitle,
}: {
  token: string;
  info: LinkInfo;
  documentTitle: string;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const reset = useMutation({
    mutationFn: resetChildPasswordByLink,
    onSuccess: () => {
      showToast(messages.childLink.resetDone);
      void navigate(childrenLoginPath(info.loginId), { replace: true });
    },
    onError: (error) => {
      const refused = linkFailure(error);
      if (refused.kind === 'dead') setDead(true);
      else if (refused.kind === 'fields' && refused.errors.password) {
        setErrors({ password: refused.errors.password });
        focusFirstInvalid();
      } else setFailure(errorMessageFor(error));
    },
  });

  if (dead) return <DeadChildLink />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePasswordPair(password, confirm);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      focusFirstInvalid();
      return;
    }
    if (!reset.isPending) reset.mutate({ token, password });
  };

  return (
    <Page
      title={messages.childLink.resetHeading(info.userNm)}
      documentTitle={documentTitle}
      description={messages.childLink.resetDescription}
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.section}>
          {info.loginId !== null && (
            <>
              <p className={styles.loginId}>{messages.childLink.loginIdLine(info.loginId)}</p>
              {/* Lets password managers file the new password under the child's id. */}
              <input
                type="text"
                name="username"
                value={info.loginId}
                autoComplete="username"
                readOnly
                hidden
              />
            </>
          )}
          <NewPasswordFields
            label={messages.childLink.newPassword}
            confirmLabel={messages.childLink.newPasswordConfirm}
            hint={messages.childLink.passwordHint}
            password={password}
            confirm={confirm}
            onPasswordChange={(value) => {
              setPassword(value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            onConfirmChange={(value) => {
              setConfirm(value);
              setErrors((current) => ({ ...current, confirm: undefined }));
            }}
            errors={errors}
          />
        </div>
        {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
        <Button type="submit" block busy={reset.isPending}>
          {messages.childLink.resetSubmit}
        </Button>
      </form>
    </Page>
  );
}
