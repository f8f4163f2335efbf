import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { desktopContext, launchBrowser, screenshot } from './browser.ts';
import { expectAccessible } from './fixtures.ts';
import { logInDemoOperator } from './admin-login.ts';

/**
 * Reused photos (issue 46 item 5, decision 069): the demo's flagged certification is in the console's
 * 사진 재사용 검토 on the first run, its photo beside the earlier one it matched; the operator voids it.
 */
describe('the reused-photo queue in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let desk: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await desktopContext(browser, server.baseUrl);
    desk = await context.newPage();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('shows both photos side by side and voids the certification', async () => {
    await logInDemoOperator(desk);
    await desk.getByRole('link', { name: '사진 재사용 검토' }).click();
    await desk.getByRole('heading', { name: '같은 사진으로 한 인증', level: 1 }).waitFor();
    const item = desk.getByRole('article', { name: '같은 가족의 다른 날 사진과 같아요' }).first();
    await item.waitFor();
    const photos = item.getByRole('img');
    await expect.poll(() => photos.count()).toBe(2);
    // Both drawn (loaded), next to each other: one row, the flagged one on the left.
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    const [left, right] = await Promise.all((await photos.all()).map((photo) => photo.boundingBox()));
    expect(left && right).toBeTruthy();
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width);
    await expect.poll(() => item.textContent()).toContain('먼저 올라온 인증');
    await expectAccessible(desk);
    await screenshot(desk, 'photo-reuse-queue');

    await item.getByRole('button', { name: '무효 처리' }).click();
    const dialog = desk.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '무효 처리' }).click();
    await desk.getByText('무효 처리했어요. 작성자에게 알렸고 감사 기록에 남았어요.').waitFor();
    await desk.getByRole('combobox', { name: /상태/ }).selectOption('VOIDED');
    const voided = desk.getByRole('article', { name: '같은 가족의 다른 날 사진과 같아요' }).first();
    await voided.getByText(/숨김 · 다른 날이나 다른 가족의 인증과 같은 사진이라/).waitFor();
    await expect.poll(() => voided.getByRole('button', { name: '무효 처리' }).count()).toBe(0);
    await expectAccessible(desk);
    await screenshot(desk, 'photo-reuse-voided');
  });
});
