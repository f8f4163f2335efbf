import type { Page } from 'playwright-core';
import { DEMO_OPERATOR } from '../../server/src/db/seed/operators.ts';
import { totpCodeAt } from '../../server/src/lib/totp.ts';
import { serverClock } from './browser.ts';

/**
 * The demo operator (`demo-admin`) signs in at /admin with password and TOTP and lands on the
 * dashboard. A TOTP step works once: a second login in the same 30 s waits for the next step.
 */
export async function logInDemoOperator(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: '운영자 로그인' }).waitFor();
  await page.getByLabel('아이디').fill(DEMO_OPERATOR.loginId);
  await page.getByLabel('비밀번호').fill(DEMO_OPERATOR.password);
  await page.getByLabel('OTP 6자리').fill(await currentTotp(page));
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('heading', { name: '대시보드', level: 1 }).waitFor();
}

/** The demo operator's TOTP code for the server's clock (it checks the code against its own time). */
export async function currentTotp(page: Page): Promise<string> {
  const { now } = await serverClock(new URL(page.url()).origin);
  return totpCodeAt(DEMO_OPERATOR.totpSecret, now.getTime());
}
