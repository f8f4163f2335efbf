import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { expectAccessible, logInDemoParent, motionDone, settled } from './fixtures.ts';

/**
 * Links operators publish (issue 26 item 4): the app checks a page popup's link again before it
 * navigates, whatever the server answered. A link that is neither an in-app path nor an https
 * address gets no "자세히 보기"; an https address opens in a new tab without an opener or referrer.
 */

const SHOTS = '/tmp/shots-links';

interface ServedPopup {
  popupId: string;
  title: string;
  content: string;
  linkUrl: string | null;
  endsAt: string;
}

describe("operators' links in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** What home/popup-list answers, standing in for a server that let a hostile link through. */
  let served: ServedPopup[] = [];

  const popup = (popupId: string, title: string, linkUrl: string | null): ServedPopup => ({
    popupId,
    title,
    content: '운영자가 올린 팝업이에요.',
    linkUrl,
    endsAt: '2099-01-01T00:00:00.000Z',
  });

  async function shot(name: string): Promise<void> {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
    await screenshot(page, `links-${name}`);
  }

  /** Loads /home again with `popups` served, and answers the dialog the first one opens. */
  async function greetedBy(popups: ServedPopup[]) {
    served = popups;
    await page.reload();
    const dialog = page.getByRole('dialog', { name: popups[0]!.title });
    await settled(dialog);
    await motionDone(page);
    return dialog;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl, { popups: 'shown' });
    await context.route('**/v1/api/front/home/popup-list', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as Record<string, unknown>;
      await route.fulfill({ response: answer, json: { ...body, response: served } });
    });
    page = await context.newPage();
    await logInDemoParent(page);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('shows no link for a path a browser would resolve to another site', async () => {
    for (const [index, linkUrl] of ['/\\evil.example', '//evil.example', 'javascript:alert(1)'].entries()) {
      const dialog = await greetedBy([popup(`9${index}`, `이상한 링크 ${index + 1}`, linkUrl)]);
      expect(await dialog.getByRole('link').count(), linkUrl).toBe(0);
      expect(await dialog.locator('a[href]').count(), linkUrl).toBe(0);
      if (index === 0) {
        await shot('popup-refused-link');
        await expectAccessible(page);
      }
      await dialog.getByRole('button', { name: '닫기' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('opens an https address as external, and goes to an in-app path in the app', async () => {
    const external = await greetedBy([popup('81', '외부 안내', 'https://ok.example/guide')]);
    const link = external.getByRole('link', { name: /자세히 보기/ });
    expect(await link.getAttribute('href')).toBe('https://ok.example/guide');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    await shot('popup-external-link');
    await expectAccessible(page);
    await external.getByRole('button', { name: '닫기' }).click();
    await external.waitFor({ state: 'hidden' });

    const inApp = await greetedBy([popup('82', '나의 정보', '/my')]);
    const inAppLink = inApp.getByRole('link', { name: /자세히 보기/ });
    expect(await inAppLink.getAttribute('target')).toBeNull();
    await inAppLink.click();
    await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === '/my');
    await inApp.waitFor({ state: 'hidden' });
  });
});
