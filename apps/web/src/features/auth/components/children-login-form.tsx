import { LOGIN_ID_INPUT_MAX, LOGIN_PASSWORD_INPUT_MAX } from '@hamkke/contract/login/children-login';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@/shared/routing/location.ts';
import { messages } from '@/shared/messages.ts';
import { isLoggedIn, useSessionStore } from '@/shared/stores/session-store.ts';
import { withLoadingOverlay } from '@/shared/stores/ui-store.ts';
import { Button } from '@/shared/ui/button.tsx';
import { CheckboxItem } from '@/shared/ui/checkbox.tsx';
import { NoticeMessage } from '@/shared/ui/notice-message.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { logInChild, logInChildAutomatically } from '../api/children-login.ts';
import { prefilledLoginId } from '../child-link-rules.ts';
import { childrenLoginFailureMessage, isChildrenLoginFilled } from '../login-rules.ts';
import styles from './children-login-form.module.css';

/**
 * Child login (spec §4): the autoLogin cookie is tried silently first; the form says the same thing
 * for an empty form and for a wrong id or password. `?id=` fills in the id (after a child link).
 */
export function ChildrenLoginForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [initialId] = useState(() => prefilledLoginId(search));
  const [loginId, setLoginId] = useState(initialId);
  const [password, setPassword] = useState('');
  const [autoLogin, setAutoLogin] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const triedCookie = useRef(false);

  useEffect(() => {
    if (triedCookie.current || isLoggedIn(useSessionStore.getState())) return;
    triedCookie.current = true;
    logInChildAutomatically()
      .then((signedIn) => {
        if (signedIn) void navigate('/home', { replace: true });
      })
      // Spec §8: auto-login failures are only written to the console.
      .catch((failure: unknown) => console.error('[auth] auto-login failed', failure));
  }, [navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!isChildrenLoginFilled(loginId, password)) {
      setError(messages.auth.loginFailedInvalidInfo);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await withLoadingOverlay(() => logInChild({ id: loginId, password, autoLogin }));
      void navigate('/home', { replace: true });
    } catch (failure) {
      setError(childrenLoginFailureMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={messages.childrenLogin.id}
        name="username"
        value={loginId}
        onValueChange={setLoginId}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={LOGIN_ID_INPUT_MAX}
      />
      <TextField
        label={messages.childrenLogin.password}
        name="password"
        type="password"
        value={password}
        onValueChange={setPassword}
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_INPUT_MAX}
        // The id came with the link just used: the password is what is left to type.
        autoFocus={initialId !== ''}
      />
      <div className={styles.autoLogin}>
        <CheckboxItem
          checked={autoLogin}
          onCheckedChange={(checked) => setAutoLogin(checked)}
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
