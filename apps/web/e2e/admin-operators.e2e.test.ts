import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../server/src/db/seed/operators.ts';
import { logInDemoOperator } from './admin-login.ts';
import { screenshot } from './browser.ts';
import { expectAccessible, useBrowserSuite } from './fixtures.ts';

/**
 * Issue 26 item 1 in the console: wrong passwords lock an operator's id, and an admin sees the lock
 * on the 운영자 screen and lifts it with its button.
 */
describe('operator sign-in lock in the console, in Chromium', () => {
  const suite = useBrowserSuite();
  let desk: Page;

  beforeAll(async () => {
    desk = await suite.desktopPage();
  });

  const wrongSignIn = (loginId: string = DEMO_OPERATOR.loginId) =>
    fetch(`${suite.server.baseUrl}/v1/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId, password: 'not-the-password', totp: '000000' }),
    });

  it('shows the lock that wrong passwords started and lifts it with the unlock button', async () => {
    await logInDemoOperator(desk);
    // Five wrong passwords for the signed-in admin's own id: it now waits (the session stays).
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await wrongSignIn()).status).toBe(400);

    await desk.getByRole('link', { name: '운영자', exact: true }).click();
    await desk.getByRole('heading', { name: '운영자', level: 1 }).waitFor();
    const row = desk.getByRole('row', { name: new RegExp(DEMO_OPERATOR.loginId) });
    await row.getByText(/까지 잠김/).waitFor();
    await row.getByText('최근 실패 5회').waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-operators-locked');

    await desk.getByRole('button', { name: `${DEMO_OPERATOR.loginId} 잠금 풀기` }).click();
    const dialog = desk.getByRole('alertdialog');
    await dialog.getByText(/로그인 잠금을 풀까요/).waitFor();
    await dialog.getByRole('button', { name: '잠금 풀기' }).click();
    await desk.getByRole('status').getByText(`${DEMO_OPERATOR.loginId}의 잠금을 풀었어요.`).waitFor();
    await row.getByText('잠기지 않음').waitFor();
    await expect.poll(() => desk.getByRole('button', { name: /잠금 풀기$/ }).count()).toBe(0);

    // The audit log names the failures, the lock and the unlock in Korean, and a made-up id's too.
    expect((await wrongSignIn('nobody-here')).status).toBe(400);
    await desk.getByRole('link', { name: '감사 기록' }).click();
    const unknown = desk.getByRole('row', { name: /로그인 아이디 「nobody-here」/ });
    await unknown.getByRole('cell', { name: '(없는 아이디)' }).waitFor();
    await screenshot(desk, 'admin-operators-audit');
    await desk.getByRole('cell', { name: '로그인 잠금 해제', exact: true }).first().waitFor();
    await desk.getByRole('cell', { name: '로그인 잠김', exact: true }).first().waitFor();
    await desk.getByRole('cell', { name: '로그인 실패', exact: true }).first().waitFor();
    await desk
      .getByRole('cell', { name: /^운영자 #\d+$/ })
      .first()
      .waitFor();

    await desk.getByRole('link', { name: '운영자', exact: true }).click();
    await desk.getByRole('heading', { name: '운영자', level: 1 }).waitFor();
    await row.getByText('잠기지 않음').waitFor();
    await desk.setViewportSize({ width: 360, height: 800 });
    await screenshot(desk, 'admin-operators-360');
    await desk.setViewportSize({ width: 1280, height: 900 });
  });
});
