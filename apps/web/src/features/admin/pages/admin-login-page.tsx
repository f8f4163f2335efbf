import { useState, type FormEvent } from 'react';
import { ApiError } from '@/shared/api/api-error.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import styles from '../admin.module.css';
import { useOperatorLogin } from '../api/session.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { AdminButton } from './parts.tsx';

/** Password and a TOTP code; every failure reads the same. */
export function AdminLoginPage() {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const login = useOperatorLogin();
  const error = login.error
    ? login.error instanceof ApiError && login.error.code === 'RATE_LIMITED'
      ? m.login.limited
      : m.login.failed
    : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ loginId, password, totp });
  };
  return (
    <main className={styles.loginWrap}>
      <form className={styles.loginCard} onSubmit={submit} noValidate>
        <h1 className={styles.heading}>{m.login.heading}</h1>
        <TextField
          label={m.login.loginId}
          value={loginId}
          onValueChange={setLoginId}
          autoComplete="username"
          required
        />
        <TextField
          label={m.login.password}
          type="password"
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          required
        />
        <TextField
          label={m.login.totp}
          hint={m.login.totpHint}
          value={totp}
          onValueChange={(value) => setTotp(value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <AdminButton type="submit" disabled={login.isPending || !loginId || !password || totp.length !== 6}>
          {m.login.submit}
        </AdminButton>
      </form>
    </main>
  );
}
