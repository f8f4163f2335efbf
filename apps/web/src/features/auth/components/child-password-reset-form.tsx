import { resetChildPasswordByLinkEndpoint, type ChildLinkInfo } from '@hamkke/contract/login/child-invite';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from '@/shared/routing/location.ts';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { messages } from '@/shared/messages.ts';
import { Button } from '@/shared/ui/button.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { showToast } from '@/shared/ui/toast.tsx';
import { resetChildPasswordByLink } from '../api/child-links.ts';
import { childrenLoginPath, linkFailure } from '../child-link-rules.ts';
import styles from './child-link.module.css';
import { DeadChildLink } from './dead-child-link.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type LinkInfo = Pick<ChildLinkInfo, 'userNm' | 'loginId'>;

/** The contract's rule for the new password, and the password typed again, the same. */
const resetFormSchema = z
  .object({ password: resetChildPasswordByLinkEndpoint.request.shape.password, confirm: z.string() })
  .refine((fields) => fields.confirm !== '' && fields.confirm === fields.password, { path: ['confirm'] });

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
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof resetFormSchema>,
    unknown,
    z.output<typeof resetFormSchema>
  >({ resolver: standardSchemaResolver(resetFormSchema), defaultValues: { password: '', confirm: '' } });
  const password = useController({ control, name: 'password' }).field;
  const confirm = useController({ control, name: 'confirm' }).field;
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
        setError('password', { type: 'server', message: refused.errors.password });
        focusFirstInvalid();
      } else setFailure(errorMessageFor(error));
    },
  });

  if (dead) return <DeadChildLink />;

  const submit = handleSubmit((fields) => {
    if (!reset.isPending) reset.mutate({ token, password: fields.password });
  }, focusFirstInvalid);
  const { errors } = formState;

  return (
    <Page
      title={messages.childLink.resetHeading(info.userNm)}
      documentTitle={documentTitle}
      description={messages.childLink.resetDescription}
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={(event) => {
          setFailure(null);
          void submit(event);
        }}
        noValidate
      >
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
            password={password.value}
            confirm={confirm.value}
            onPasswordChange={password.onChange}
            onConfirmChange={confirm.onChange}
            errors={{
              password: fieldText(errors.password, messages.childLink.passwordInvalid),
              confirm: fieldText(
                errors.confirm,
                confirm.value === ''
                  ? messages.childLink.passwordConfirmRequired
                  : messages.childLink.passwordMismatch,
              ),
            }}
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
