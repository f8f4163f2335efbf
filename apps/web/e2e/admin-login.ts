import type { Page } from 'playwright-core';
import { DEMO_OPERATOR } from '../../server/src/db/seed/operators.ts';
import { PERIOD_SECONDS, totpCodeAt } from '../../server/src/lib/totp.ts';
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
  await submitCurrentTotp(page);
  await page.getByRole('heading', { name: '대시보드', level: 1 }).waitFor();
}

/** The server's TOTP step and the call the login form makes. */
const TOTP_STEP_MS = PERIOD_SECONDS * 1000;
const LOGIN_CALL = '/v1/api/admin/auth/login';
/** Under the operator lock's five free failures (admin.module.ts), with a wrong code typed before. */
const TOTP_TRIES = 3;

/**
 * Types the demo operator's TOTP code for the server's clock (it checks codes against its own time)
 * into the filled login form and presses 로그인, until the server takes a code. The server accepts a
 * code in its 30 s step and the next one (one step of drift): a loaded machine may bring the click
 * there later than that, and refusing the code is then right, not a fault, so the code of the
 * server's time then is typed again, as a person would. A code refused while it was still good
 * fails the login at once: that is behaviour, not speed.
 */
export async function submitCurrentTotp(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const step = (at: Date) => Math.floor(at.getTime() / TOTP_STEP_MS);
  for (let tried = 1; ; tried += 1) {
    const { now } = await serverClock(origin);
    await page.getByLabel('OTP 6자리').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, now.getTime()));
    const answer = page.waitForResponse((response) => response.url().endsWith(LOGIN_CALL));
    await page.getByRole('button', { name: '로그인' }).click();
    const status = (await answer).status();
    if (status === 200) return;
    const { now: refusedBy } = await serverClock(origin);
    if (step(refusedBy) <= step(now) + 1 || tried >= TOTP_TRIES) {
      throw new Error(
        `the server refused the demo operator's TOTP code (${status}) made at ${now.toISOString()}, ` +
          `answered by ${refusedBy.toISOString()} (try ${tried} of ${TOTP_TRIES})`,
      );
    }
  }
}
