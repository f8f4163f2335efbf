import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext } from './browser.ts';
import { logInDemoParent } from './fixtures.ts';

/**
 * Issue 13 item 1: a session ends one way. After a parent's 401, a child logging in on the same tab
 * never sees the parent's cached answers: the cache is gone and keys carry the person.
 */
describe('ending a session in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it("shows the next person on the tab nothing of the last one's data after a 401", async () => {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await logInDemoParent(page);
    const missionCards = page.locator('main article');
    await expect.poll(() => missionCards.count()).toBeGreaterThan(0);

    // The server forgets the parent's tokens; the next call answers 401.
    const db = new Database(server.databaseFile);
    try {
      db.prepare(
        "update access_tokens set revoked_at = ? where user_id = (select id from users where kakao_id = '4281937465')",
      ).run(new Date().toISOString());
    } finally {
      db.close();
    }
    // Every step below stays inside the app (no reload), so only the app itself can forget the cache.
    // A call of /home's own (a refetch) may meet the 401 before the tap: then the app has already
    // left for the login page, which is what the tap is for (seen once under a loaded machine).
    // Whichever comes first ends the wait: the tap, or the app on the login page (a tap still waiting
    // for a link that left with /home is then let go), with no time limit of its own.
    const tap = page
      .getByRole('navigation', { name: '주요 메뉴' })
      .getByRole('link', { name: '내 활동', exact: true })
      .click();
    tap.catch(() => undefined);
    await Promise.race([tap, page.waitForURL('**/login/auth')]);
    await page.waitForURL('**/login/auth');
    expect(await page.evaluate(() => window.sessionStorage.getItem('user') ?? '')).not.toContain('하늘맘');

    // The child logs in on the same tab while their missions are slow to arrive.
    let releaseMissions: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      releaseMissions = resolve;
    });
    await page.route('**/v1/api/front/home/mission-list', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: '자녀 로그인' }).click();
    await page.waitForURL('**/login/children');
    await page.getByLabel('아이디', { exact: true }).fill('demo-child');
    await page.getByLabel('비밀번호', { exact: true }).fill('demo-pass-1234');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.waitForURL('**/home');
    // Nothing of the parent's /home shows while the child's own answer is on its way.
    await expect
      .poll(() => page.getByRole('status', { name: '불러오는 중이에요' }).count())
      .toBeGreaterThan(0);
    expect(await missionCards.count()).toBe(0);
    releaseMissions();
    await expect.poll(() => missionCards.count()).toBeGreaterThan(0);
    // Issue 27 item 3: the calls the 401 cut short are not reported as malformed answers.
    expect(consoleErrors.filter((text) => text.includes("not the API's envelope"))).toEqual([]);
  });
});
