import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { accessToken, expectAccessible, heading, logInDemoParent } from './fixtures.ts';

const CHILD = { loginId: 'notice-kid-01', password: 'notice-pass-1', userNm: '하람' } as const;
const NOTICE_TITLE = '내 사진과 기록 지키기';

/** The notice a child reads about their data (issue 32 item 2): once at the first sign-in, then from /my. */
describe('the child notice in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A page in a brand-new profile: another device, no session, no cookies. */
  async function devicePage(): Promise<Page> {
    const context = await phoneContext(browser, server.baseUrl);
    contexts.push(context);
    return context.newPage();
  }

  async function logInChild(page: Page) {
    await page.goto('/login/children');
    await page.getByLabel('아이디', { exact: true }).fill(CHILD.loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill(CHILD.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The demo parent (a pin user) makes a new child, who has never signed in.
    const parent = await devicePage();
    await logInDemoParent(parent);
    const created = await fetch(`${server.baseUrl}/v1/api/front/my/create-children`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken(parent)}` },
      // The guardian's consent to the child privacy document in force (decision 038).
      body: JSON.stringify({ ...CHILD, guardianConsentVersion: '1.0' }),
    });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('shows the notice at a child’s first sign-in, once; /my reaches it again', async () => {
    const phone = await devicePage();
    await logInChild(phone);
    await phone.waitForURL('**/my/child-notice');
    await expect.poll(() => heading(phone)).toBe(NOTICE_TITLE);
    await phone.getByRole('heading', { name: '누가 내 사진을 볼 수 있나요?' }).waitFor();
    await phone.getByText(/공유 링크를 가진 사람은 누구나 그날 내가 한 미션을 볼 수 있어요/).waitFor();
    await phone.getByText(/보호자에게 말해 주세요/).waitFor();
    await screenshot(phone, 'child-notice-first-sign-in');
    await expectAccessible(phone);
    await phone.getByRole('button', { name: '확인했어요' }).click();
    await phone.waitForURL('**/home');

    // Another device: the flag is the server's, so the second sign-in goes straight to /home.
    const tablet = await devicePage();
    await logInChild(tablet);
    await tablet.waitForURL('**/home');
    await expect.poll(() => new URL(tablet.url()).pathname).toBe('/home');

    // /my has it in its menu; read again, it asks for nothing.
    await tablet.goto('/my');
    const checked = tablet.waitForResponse((response) => response.url().endsWith('/my/child-notice'));
    await tablet.getByRole('link', { name: NOTICE_TITLE }).click();
    await tablet.waitForURL('**/my/child-notice');
    expect(await (await checked).json()).toEqual({ response: { due: false } });
    await expect.poll(() => heading(tablet)).toBe(NOTICE_TITLE);
    await tablet.getByRole('heading', { name: '사진을 지우고 싶으면' }).waitFor();
    expect(await tablet.getByRole('button', { name: '확인했어요' }).count()).toBe(0);
    await screenshot(tablet, 'child-notice-from-my');
    await expectAccessible(tablet);
  });
});
