import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { DEMO_CHILD, expectAccessible, logInDemoChild, storedSession } from './fixtures.ts';

/** Issue 26 item 5, decision 033: a stranger who keeps a child's id locked does not lock their phone. */
describe('children login device cookie in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newContext(): Promise<BrowserContext> {
    const context = await phoneContext(browser, server.baseUrl);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it("signs the child in on their own phone while a stranger keeps the id locked; a stranger's browser waits", async () => {
    const childPhone = await newContext();
    const page = await childPhone.newPage();
    await logInDemoChild(page);
    const device = (await childPhone.cookies()).find((cookie) => cookie.name === 'loginDevice');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.goto('/my');
    await page.getByRole('button', { name: '로그아웃' }).click();
    const dialog = page.getByRole('alertdialog', { name: '로그아웃할까요?' });
    await dialog.getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL('**/login/auth?reason=logged_out');

    // The stranger: wrong passwords for the child's id until the id waits.
    const guess = (password: string) =>
      fetch(`${server.baseUrl}/v1/api/front/login/children-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: DEMO_CHILD.id, password }),
      });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await guess(`guess-${attempt}`)).status).toBe(400);
    }
    expect((await guess('guess-more')).status).toBe(429);

    // Another browser, even with the right password, waits.
    const strangerPage = await (await newContext()).newPage();
    await strangerPage.goto('/login/children');
    await strangerPage.getByLabel('아이디', { exact: true }).fill(DEMO_CHILD.id);
    await strangerPage.getByLabel('비밀번호', { exact: true }).fill(DEMO_CHILD.password);
    const refused = strangerPage.waitForResponse((response) =>
      response.url().endsWith('/login/children-login'),
    );
    await strangerPage.getByRole('button', { name: '로그인', exact: true }).click();
    expect((await refused).status()).toBe(429);
    await expect
      .poll(() => strangerPage.getByRole('alert').textContent())
      .toBe(
        '로그인 시도가 너무 많았어요. 잠시 기다렸다가 다시 시도하거나, 전에 로그인했던 기기나 부모님 기기에서 로그인해 주세요.',
      );
    await screenshot(strangerPage, 'child-device-lock-stranger');
    await expectAccessible(strangerPage);

    // The child's own phone comes in.
    await page.goto('/login/children');
    await page.getByLabel('아이디', { exact: true }).fill(DEMO_CHILD.id);
    await page.getByLabel('비밀번호', { exact: true }).fill(DEMO_CHILD.password);
    const accepted = page.waitForResponse((response) => response.url().endsWith('/login/children-login'));
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    expect((await accepted).status()).toBe(200);
    await page.waitForURL('**/home');
    expect((await storedSession(page))?.userInfo?.id).toBe(DEMO_CHILD.id);
  });
});
