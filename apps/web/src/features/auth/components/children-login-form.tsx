import {
  childrenLoginEndpoint,
  LOGIN_ID_INPUT_MAX,
  LOGIN_PASSWORD_INPUT_MAX,
} from '@hamkke/contract/login/children-login';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate, useSearchParams } from '@/shared/routing/location.ts';
import { messages } from '@/shared/messages.ts';
import { isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { pathAfterChildSignIn } from '../api/child-notice.ts';
import { logInChild, logInChildAutomatically } from '../api/children-login.ts';
import { prefilledLoginId } from '../child-link-rules.ts';
import { childrenLoginFailureMessage } from '../login-rules.ts';
import styles from './children-login-form.module.css';

const { request } = childrenLoginEndpoint;
/** The contract's request, with both fields filled in (spec §5: an empty form fails before any call). */
const loginFormSchema = request.extend({
  id: request.shape.id.trim().min(1),
  password: request.shape.password.min(1),
});

/**
 * Child login (spec §4): the autoLogin cookie is tried silently first; the form says the same thing
 * for an empty form and for a wrong id or password. `?id=` fills in the id (after a child link).
 */
export function ChildrenLoginForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [initialId] = useState(() => prefilledLoginId(search));
  const { control, handleSubmit } = useForm<
    z.input<typeof loginFormSchema>,
    unknown,
    z.output<typeof loginFormSchema>
  >({
    resolver: standardSchemaResolver(loginFormSchema),
    defaultValues: { id: initialId, password: '', autoLogin: true },
  });
  const autoLogin = useController({ control, name: 'autoLogin' }).field;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const triedCookie = useRef(false);

  useEffect(() => {
    if (triedCookie.current || isLoggedIn(useSessionStore.getState())) return;
    triedCookie.current = true;
    logInChildAutomatically()
      .then(async (signedIn) => {
        if (signedIn) void navigate(await pathAfterChildSignIn(), { replace: true });
      })
      // Spec §8: auto-login failures are only written to the console.
      .catch((failure: unknown) => console.error('[auth] auto-login failed', failure));
  }, [navigate]);

  const submit = handleSubmit(
    async (fields) => {
      if (submitting) return;
      setSubmitting(true);
      setError(null);
      try {
        const next = await withLoadingOverlay(async () => {
          await logInChild(fields);
          return pathAfterChildSignIn();
        });
        void navigate(next, { replace: true });
      } catch (failure) {
        setError(childrenLoginFailureMessage(failure));
        setSubmitting(false);
      }
    },
    () => {
      if (!submitting) setError(messages.auth.loginFailedInvalidInfo);
    },
  );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <BoundTextField
        control={control}
        label={messages.childrenLogin.id}
        name="id"
        inputName="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={LOGIN_ID_INPUT_MAX}
      />
      <BoundTextField
        control={control}
        label={messages.childrenLogin.password}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_INPUT_MAX}
        // The id came with the link just used: the password is what is left to type.
        autoFocus={initialId !== ''}
      />
      <div className={styles.autoLogin}>
        <CheckboxItem
          checked={autoLogin.value ?? true}
          onCheckedChange={(checked) => autoLogin.onChange(checked)}
          label={
            <span className={styles.autoLoginLabel}>
              {messages.childrenLogin.autoLogin}
              <span className={styles.hint}>{messages.childrenLogin.autoLoginHint}</span>
            </span>
          }
        />
      </div>
      {error !== null && <NoticeMessage tone="error">{error}</NoticeMessage>}
      <Button type="submit" block busy={submitting}>
        {messages.childrenLogin.submit}
      </Button>
      <p className={styles.forgot}>{messages.childrenLogin.forgot}</p>
    </form>
  );
}
