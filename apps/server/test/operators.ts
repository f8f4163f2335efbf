import { CSRF_HEADER, OPERATOR_COOKIE, type OperatorRole } from '@hamkke/contract/admin/endpoint';
import { totpCodeAt } from '../src/lib/totp.ts';
import { createOperatorAccountsService } from '../src/modules/admin/operator-accounts.service.ts';
import type { TestContext } from './harness.ts';

export interface OperatorSessionHeaders {
  cookie: string;
  csrf: string;
  /** The cookie and the CSRF header, as the console sends them. */
  headers: Record<string, string>;
}

/**
 * A new operator of `role`, signed in through `auth/login` with a real TOTP code. The code of a
 * step works once, so the clock moves on 30 s first.
 */
export async function signedInOperator(
  t: TestContext,
  role: OperatorRole,
  loginId = `ops-${role}-${Math.random().toString(36).slice(2, 8)}`,
): Promise<OperatorSessionHeaders> {
  const account = await createOperatorAccountsService({ db: t.db, clock: t.clock.now }).create({
    loginId,
    role,
  });
  t.clock.advance(30_000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/api/admin/auth/login',
    payload: {
      loginId: account.loginId,
      password: account.password,
      totp: totpCodeAt(account.totpSecret, t.clock.now().getTime()),
    },
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
  const cookie = res.cookies.find((entry) => entry.name === OPERATOR_COOKIE)!.value;
  const csrf = (res.json() as { response: { csrfToken: string } }).response.csrfToken;
  return { cookie, csrf, headers: { cookie: `${OPERATOR_COOKIE}=${cookie}`, [CSRF_HEADER]: csrf } };
}
