import type { Page } from 'playwright-core';
import { DEMO_OPERATOR } from '../../server/src/db/seed/operators.ts';
import { totpCodeAt } from '../../server/src/lib/totp.ts';

/** The demo operator (README) signs in at /admin with password and a current TOTP code. */
export async function logInDemoOperator(desk: Page): Promise<void> {
  await desk.goto('/admin');
  await desk.getByRole('heading', { name: '운영자 로그인' }).waitFor();
  await desk.getByLabel('아이디').fill(DEMO_OPERATOR.loginId);
  await desk.getByLabel('비밀번호').fill(DEMO_OPERATOR.password);
  await desk.getByLabel('OTP 6자리').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
  await desk.getByRole('button', { name: '로그인' }).click();
  await desk.getByText(`${DEMO_OPERATOR.loginId} · 관리자`).waitFor();
}
