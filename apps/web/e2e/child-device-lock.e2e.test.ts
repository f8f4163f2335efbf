import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { desktopContext, launchBrowser, phoneContext, screenshot, screenshotDir } from './browser.ts';
import { logInDemoOperator } from './admin-login.ts';
import {
  DEMO_CHILD,
  expectAccessible,
  logInDemoChild,
  logInDemoParent,
  storedSession,
  toast,
} from './fixtures.ts';

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

  /** Wrong passwords for the child's id from outside any browser, until the id waits (429). */
  async function lockTheChildsId(): Promise<void> {
    const guess = (password: string) =>
      fetch(`${server.baseUrl}/v1/api/front/login/children-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: DEMO_CHILD.id, password }),
      });
    // Ten free failures; an id an earlier test locked waits from the first.
    for (let attempt = 0; attempt <= 10; attempt += 1) {
      const status = (await guess(`stranger-${attempt}`)).status;
      if (status === 429) return;
      expect(status).toBe(400);
    }
    throw new Error('the id did not lock after ten failures');
  }

  /** The child on a browser they never signed in on (a new phone): the login call's status. */
  async function childOnNewPhone(): Promise<{ status: number; page: Page }> {
    const page = await (await newContext()).newPage();
    await page.goto('/login/children');
    await page.getByLabel('아이디', { exact: true }).fill(DEMO_CHILD.id);
    await page.getByLabel('비밀번호', { exact: true }).fill(DEMO_CHILD.password);
    const answer = page.waitForResponse((response) => response.url().endsWith('/login/children-login'));
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    return { status: (await answer).status(), page };
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

  it("lets the parent lift the id's lock on /my/children-info, then an operator from the console: the child's new phone signs in", async () => {
    await lockTheChildsId();
    expect((await childOnNewPhone()).status).toBe(429);

    const parentPage = await (await newContext()).newPage();
    await logInDemoParent(parentPage);
    await parentPage.goto('/my/children');
    await parentPage.getByRole('region', { name: '자녀 목록' }).getByRole('link', { name: /김별/ }).click();
    await parentPage.waitForURL(/\/my\/children-info\/\d+$/);
    const section = parentPage.getByRole('region', { name: '로그인 잠금' });
    await expect
      .poll(() => section.textContent())
      .toContain(`${DEMO_CHILD.id} 아이디로 비밀번호를 여러 번 틀리면`);
    const unlock = section.getByRole('button', { name: '로그인 잠금 풀기' });
    // Reached by keyboard as any button: focused, then Enter.
    await unlock.focus();
    const unlocked = parentPage.waitForResponse((response) =>
      response.url().endsWith('/my/unlock-child-login'),
    );
    await parentPage.keyboard.press('Enter');
    expect((await unlocked).status()).toBe(200);
    await toast(parentPage, '로그인 잠금을 풀었어요. 자녀가 바로 로그인할 수 있어요.');
    await section.scrollIntoViewIfNeeded();
    expect(await parentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(parentPage, 'child-device-lock-parent-unlock');
    await expectAccessible(parentPage);

    const child = await childOnNewPhone();
    expect(child.status).toBe(200);
    await child.page.waitForURL('**/home');
    expect((await storedSession(child.page))?.userInfo?.id).toBe(DEMO_CHILD.id);

    // Locked again by the stranger: the operator lifts it from the family's page, asked first.
    await lockTheChildsId();
    expect((await childOnNewPhone()).status).toBe(429);
    const deskContext = await desktopContext(browser, server.baseUrl);
    contexts.push(deskContext);
    const desk = await deskContext.newPage();
    await logInDemoOperator(desk);
    await desk.getByRole('link', { name: '회원 조회' }).click();
    await desk.getByLabel('이름, 별명, 전화번호 뒷자리 또는 카카오 아이디').fill('김하늘');
    await desk.getByRole('button', { name: '찾기' }).click();
    await desk.getByRole('button', { name: '김하늘 상세 보기' }).first().click();
    await desk.getByRole('heading', { name: '김하늘 님' }).waitFor();
    await desk.getByRole('button', { name: '김별 로그인 잠금 풀기' }).click();
    const dialog = desk.getByRole('alertdialog', { name: '김별의 로그인 잠금을 풀까요?' });
    await dialog.waitFor();
    await desk.screenshot({ path: path.join(screenshotDir, 'child-device-lock-console-confirm.png') });
    await expectAccessible(desk);
    const lifted = desk.waitForResponse((response) =>
      response.url().endsWith('/admin/people/unlock-child-login'),
    );
    await dialog.getByRole('button', { name: '로그인 잠금 풀기' }).click();
    expect((await lifted).status()).toBe(200);
    await expect
      .poll(() => desk.getByRole('status').allTextContents())
      .toContain('김별의 로그인 잠금을 풀었어요.');
    await expectAccessible(desk);
    // At 360 px the children's table scrolls inside its card; the page does not.
    await desk.setViewportSize({ width: 360, height: 740 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const childrenCard = desk.getByRole('heading', { name: '자녀', exact: true, level: 2 }).locator('..');
    await childrenCard.screenshot({ path: path.join(screenshotDir, 'child-device-lock-console-360.png') });

    const again = await childOnNewPhone();
    expect(again.status).toBe(200);
    await again.page.waitForURL('**/home');
  });
});
