import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { expectAccessible, logInDemoParent } from './fixtures.ts';

/** Issue 28 item 3: the error screen's small print names the failed call, as the server logged it. */
describe('the error screen names the request id of the failed call', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows "문의 시 알려 주세요: 요청 번호 …" with the id the server answered, at 360 px', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await logInDemoParent(page);
    // The header counts' call reaches the server broken: a real 400 with the server's own request id.
    await page.route('**/v1/api/front/common/total-user-mission', (route) =>
      route.continue({ postData: '{"broken":' }),
    );
    const ids: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/common/total-user-mission') && response.status() === 400)
        ids.push(response.headers()['x-request-id'] ?? '');
    });
    await page.reload();
    await expect.poll(() => ids.length).toBeGreaterThan(0);
    // The error screen, reached inside the app (the API client's memory of the failed call stays).
    await page.evaluate(() => {
      window.history.pushState(null, '', '/unexpected');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const smallPrint = page.getByText(/^문의 시 알려 주세요/);
    await smallPrint.waitFor();
    const text = (await smallPrint.textContent()) ?? '';
    expect(text).toMatch(/^문의 시 알려 주세요: 요청 번호 [0-9a-f-]{36}$/);
    expect(ids).toContain(text.replace('문의 시 알려 주세요: 요청 번호 ', ''));
    // It fits the 360 px screen (a long id wraps rather than widening the page).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'request-id-error-screen');
    await expectAccessible(page);

    // The page's own error reaches the server: named by its route pattern, its digits scrubbed.
    const reported = page.waitForRequest((request) => request.url().endsWith('/system/client-reports'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('forced for the test, family 12345');
      }, 0);
    });
    const request = await reported;
    const { reports } = request.postDataJSON() as { reports: Array<Record<string, unknown>> };
    expect(reports).toContainEqual({
      type: 'error',
      kind: 'error',
      route: '/unexpected',
      message: 'Error: forced for the test, family #',
    });
    expect((await request.response())?.status()).toBe(200);
    await context.close();
  });
});
