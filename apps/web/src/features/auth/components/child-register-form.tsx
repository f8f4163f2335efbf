import type { ChildLinkInfo } from '@hamkke/contract/login/child-invite';
import { CHILD_LOGIN_ID_MAX } from '@hamkke/contract/login/children-login';
import { CheckboxGroup } from '@base-ui/react/checkbox-group';
import { useMutation } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessageFor } from '@/shared/api/api-error.ts';
import { useFocusMainOnMount } from '@/shared/hooks/use-focus-main.ts';
import { messages } from '@/shared/messages.ts';
import { Button, ButtonLink } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { NewPasswordFields } from '@/shared/ui/new-password-fields.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { registerChildByLink } from '../api/child-links.ts';
import {
  childrenLoginPath,
  hasErrors,
  linkFailure,
  normalizeLoginId,
  validateRegisterDraft,
  type FieldErrors,
  type RegisterField,
} from '../child-link-rules.ts';
import styles from './child-link.module.css';
import { DeadChildLink } from './dead-child-link.tsx';
import { LoginResult } from './login-result.tsx';
import { TermsViewLink } from './terms-view-link.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type LinkInfo = Pick<ChildLinkInfo, 'userNm' | 'parentAlias'>;

type Outcome = { kind: 'form' } | { kind: 'done'; loginId: string } | { kind: 'dead' };

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
  const [agreed, setAgreed] = useState<string[]>([]);
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
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
        setErrors(refused.errors);
        focusFirstInvalid();
      } else setFailure(errorMessageFor(refused.error));
    },
  });

  if (outcome.kind === 'dead') return <DeadChildLink />;
  if (outcome.kind === 'done') return <Registered loginId={outcome.loginId} />;

  const clear = (field: RegisterField) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegisterDraft({
      termsOfUse: agreed.includes('termsOfUse'),
      privacyPolicy: agreed.includes('privacyPolicy'),
      loginId,
      password,
      confirm,
    });
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      focusFirstInvalid();
      return;
    }
    if (!register.isPending) register.mutate({ token, loginId: normalizeLoginId(loginId), password });
  };

  return (
    <Page
      title={messages.childLink.registerHeading(info.parentAlias, info.userNm)}
      documentTitle={documentTitle}
      description={messages.childLink.registerDescription}
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <section className={styles.section} aria-labelledby="child-terms-title">
          <h2 id="child-terms-title" className={styles.sectionTitle}>
            {messages.childLink.termsTitle}
          </h2>
          <CheckboxGroup
            aria-labelledby="child-terms-title"
            aria-describedby={errors.terms ? 'child-terms-error' : undefined}
            value={agreed}
            onValueChange={(value) => {
              setAgreed(value);
              clear('terms');
            }}
            className={styles.terms}
            data-invalid={errors.terms ? '' : undefined}
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
          {errors.terms && (
            <p id="child-terms-error" className={styles.fieldError}>
              {errors.terms}
            </p>
          )}
        </section>

        <section className={styles.section} aria-labelledby="child-account-title">
          <h2 id="child-account-title" className={styles.sectionTitle}>
            {messages.childLink.accountTitle}
          </h2>
          <TextField
            label={messages.childLink.loginId}
            name="username"
            value={loginId}
            onValueChange={(value) => {
              setLoginId(value);
              clear('loginId');
            }}
            hint={messages.childLink.loginIdHint}
            error={errors.loginId}
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
            password={password}
            confirm={confirm}
            onPasswordChange={(value) => {
              setPassword(value);
              clear('password');
            }}
            onConfirmChange={(value) => {
              setConfirm(value);
              clear('confirm');
            }}
            errors={errors}
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
