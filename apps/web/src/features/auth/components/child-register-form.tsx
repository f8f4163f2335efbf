import { registerChildByLinkEndpoint, type ChildLinkInfo } from '@hamkke/contract/login/child-invite';
import { CHILD_LOGIN_ID_MAX } from '@hamkke/contract/login/children-login';
import { CheckboxGroup } from '@base-ui/react/checkbox-group';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { useFocusMainOnMount } from '@/shared/hooks/use-focus-main.ts';
import { messages } from '@/shared/messages.ts';
import { Button, ButtonLink } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { fieldText } from '@/shared/lib/field-errors.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { registerChildByLink } from '../api/child-links.ts';
import { childrenLoginPath, linkFailure } from '../child-link-rules.ts';
import styles from './child-link.module.css';
import { DeadChildLink } from './dead-child-link.tsx';
import { LoginResult } from './login-result.tsx';
import { TermsViewLink } from './terms-view-link.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type LinkInfo = Pick<ChildLinkInfo, 'userNm' | 'parentAlias'>;

type Outcome = { kind: 'form' } | { kind: 'done'; loginId: string } | { kind: 'dead' };

const { shape } = registerChildByLinkEndpoint.request;
/**
 * The contract's rules for the id and the password (the id trimmed and in lower case, as it is
 * sent), both required terms ticked, and the password typed again, the same.
 */
const registerFormSchema = z
  .object({
    agreed: z
      .array(z.string())
      .refine((agreed) => agreed.includes('termsOfUse') && agreed.includes('privacyPolicy')),
    loginId: shape.loginId,
    password: shape.password,
    confirm: z.string(),
  })
  .refine((fields) => fields.confirm !== '' && fields.confirm === fields.password, { path: ['confirm'] });
type RegisterFields = z.output<typeof registerFormSchema>;

/** The child's own registration: the two required terms, then an id and a password typed twice. */
export function ChildRegisterForm({
  token,
  info,
  documentTitle,
}: {
  token: string;
  info: LinkInfo;
  documentTitle: string;
}) {
  const { control, handleSubmit, formState, setError } = useForm<
    z.input<typeof registerFormSchema>,
    unknown,
    RegisterFields
  >({
    resolver: standardSchemaResolver(registerFormSchema),
    defaultValues: { agreed: [], loginId: '', password: '', confirm: '' },
  });
  const agreed = useController({ control, name: 'agreed' }).field;
  const password = useController({ control, name: 'password' }).field;
  const confirm = useController({ control, name: 'confirm' }).field;
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const register = useMutation({
    mutationFn: registerChildByLink,
    onSuccess: (child) => setOutcome({ kind: 'done', loginId: child.loginId }),
    onError: (error) => {
      const refused = linkFailure(error);
      if (refused.kind === 'dead') setOutcome({ kind: 'dead' });
      else if (refused.kind === 'fields') {
        for (const [field, message] of Object.entries(refused.errors)) {
          if (message) setError(field as 'loginId' | 'password', { type: 'server', message });
        }
        focusFirstInvalid();
      } else setFailure(errorMessageFor(refused.error));
    },
  });

  if (outcome.kind === 'dead') return <DeadChildLink />;
  if (outcome.kind === 'done') return <Registered loginId={outcome.loginId} />;

  const submit = handleSubmit((fields) => {
    if (!register.isPending) register.mutate({ token, loginId: fields.loginId, password: fields.password });
  }, focusFirstInvalid);
  const { errors } = formState;
  const termsError = errors.agreed ? messages.childLink.termsRequired : undefined;

  return (
    <Page
      title={messages.childLink.registerHeading(info.parentAlias, info.userNm)}
      documentTitle={documentTitle}
      description={messages.childLink.registerDescription}
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
        <section className={styles.section} aria-labelledby="child-terms-title">
          <h2 id="child-terms-title" className={styles.sectionTitle}>
            {messages.childLink.termsTitle}
          </h2>
          <CheckboxGroup
            aria-labelledby="child-terms-title"
            aria-describedby={termsError ? 'child-terms-error' : undefined}
            value={agreed.value}
            onValueChange={agreed.onChange}
            className={styles.terms}
            data-invalid={termsError ? '' : undefined}
          >
            <div className={styles.term}>
              <CheckboxItem value="termsOfUse" label={messages.agreement.termsOfUse} />
              <TermsViewLink to="/login/termsofuse" label={messages.agreement.viewTermsOfUse} />
            </div>
            <div className={styles.term}>
              <CheckboxItem value="privacyPolicy" label={messages.agreement.privacyPolicy} />
              <TermsViewLink to="/login/privacyPolicy" label={messages.agreement.viewPrivacyPolicy} />
            </div>
          </CheckboxGroup>
          {termsError && (
            <p id="child-terms-error" className={styles.fieldError}>
              {termsError}
            </p>
          )}
        </section>

        <section className={styles.section} aria-labelledby="child-account-title">
          <h2 id="child-account-title" className={styles.sectionTitle}>
            {messages.childLink.accountTitle}
          </h2>
          <BoundTextField
            control={control}
            label={messages.childLink.loginId}
            name="loginId"
            inputName="username"
            hint={messages.childLink.loginIdHint}
            error={fieldText(errors.loginId, messages.childLink.loginIdInvalid)}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={CHILD_LOGIN_ID_MAX}
          />
          <NewPasswordFields
            label={messages.childLink.password}
            confirmLabel={messages.childLink.passwordConfirm}
            hint={messages.childLink.passwordHint}
            name="password"
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
        </section>

        {failure !== null && <NoticeMessage tone="error">{failure}</NoticeMessage>}
        <Button type="submit" block busy={register.isPending}>
          {messages.childLink.registerSubmit}
        </Button>
      </form>
    </Page>
  );
}

function Registered({ loginId }: { loginId: string }) {
  useFocusMainOnMount();
  return (
    <LoginResult
      title={messages.childLink.registeredTitle}
      icon={PartyPopper}
      actions={
        <ButtonLink to={childrenLoginPath(loginId)} replace block>
          {messages.childLink.goLogin}
        </ButtonLink>
      }
    >
      <p>{messages.childLink.registeredBody}</p>
      <p className={styles.loginId}>{messages.childLink.loginIdLine(loginId)}</p>
    </LoginResult>
  );
}
