import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { logInDemoParent } from './fixtures.ts';

/**
 * Pages whose sections load from several calls draw nothing that moves when a later answer comes
 * (issue 30: Lighthouse saw /active shift by 0.18–0.31 and /challenge by 0.24). The calls answer in a
 * staggered order here, as on a phone network, and the page's layout shifts are summed the way
 * Lighthouse's CLS counts them (shifts without a recent input).
 */
describe('layout stays put while a page loads', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
    page = await context.newPage();
    await logInDemoParent(page);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /** Loads `path` with each API call held back 0–600 ms (by its name), and returns the summed shift. */
  async function shiftWhileLoading(target: Page, path: string): Promise<number> {
    await target.route('**/v1/api/front/**', async (route) => {
      const name = new URL(route.request().url()).pathname;
      const hold = ([...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 5) * 150;
      // A network's delay played on purpose (not a wait for anything): the answers' order it makes is
      // what the page must draw without moving, and a loaded machine only stretches it.
      await new Promise((resolve) => setTimeout(resolve, hold));
      await route.continue();
    });
    await target.addInitScript(() => {
      const state = window as unknown as { __shift: number };
      state.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput) state.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await target.goto(path);
    await target.getByRole('heading', { level: 1 }).waitFor();
    // Everything the first screen waits for has come: no placeholder left in view.
    await expect.poll(() => target.getByRole('status', { name: '불러오는 중이에요' }).count()).toBe(0);
    await target.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
    return target.evaluate(() => (window as unknown as { __shift: number }).__shift);
  }

  it('/active: one placeholder until today, the streak and the calendar are known', async () => {
    const fresh = await context.newPage();
    const shift = await shiftWhileLoading(fresh, '/active');
    await screenshot(fresh, 'active-loaded-staggered');
    expect(shift).toBeLessThan(0.1);
    await fresh.close();
  });

  it('/challenge: one placeholder until the rounds and the invitations are known', async () => {
    const fresh = await context.newPage();
    const shift = await shiftWhileLoading(fresh, '/challenge');
    expect(shift).toBeLessThan(0.1);
    await fresh.close();
  });
});
