import { operatorLoginEndpoint } from '@hamkke/contract/admin/auth';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/api-error.ts';
import styles from '../admin.module.css';
import { useOperatorLogin } from '../api/session.ts';
import { adminMessages as m } from '@/shared/messages/admin.ts';
import { BoundTextField } from '@/shared/ui/bound-text-field.tsx';
import { AdminButton } from './parts.tsx';

const loginSchema = operatorLoginEndpoint.request;

/** Password and a TOTP code; every failure reads the same. */
export function AdminLoginPage() {
  const login = useOperatorLogin();
  const { control, handleSubmit, formState, watch } = useForm<
    z.input<typeof loginSchema>,
    unknown,
    z.output<typeof loginSchema>
  >({
    resolver: standardSchemaResolver(loginSchema),
    defaultValues: { loginId: '', password: '', totp: '' },
  });
  const [loginId, password, totp] = watch(['loginId', 'password', 'totp']);
  const submit = handleSubmit((credentials) => login.mutate(credentials));
  const refused = login.error ?? (Object.keys(formState.errors).length > 0 ? formState.errors : null);
  const error = refused
    ? refused instanceof ApiError && refused.code === 'RATE_LIMITED'
      ? m.login.limited
      : m.login.failed
    : null;
  return (
    <main className={styles.loginWrap}>
      <form className={styles.loginCard} onSubmit={(event) => void submit(event)} noValidate>
        <h1 className={styles.heading}>{m.login.heading}</h1>
        <BoundTextField
          control={control}
          name="loginId"
          label={m.login.loginId}
          autoComplete="username"
          required
        />
        <BoundTextField
          control={control}
          name="password"
          label={m.login.password}
          type="password"
          autoComplete="current-password"
          required
        />
        <BoundTextField
          control={control}
          name="totp"
          label={m.login.totp}
          hint={m.login.totpHint}
          fromText={(text) => text.replace(/\D/g, '').slice(0, 6)}
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
