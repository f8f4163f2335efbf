import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { logInDemoOperator } from './admin-login.ts';
import { expectAccessible, useBrowserSuite } from './fixtures.ts';

/**
 * The console is desktop-first but usable at 768 px (issue 9): every screen of the menu, as the
 * demo admin sees them, fits the width without sideways scrolling of the page (wide tables scroll
 * inside their own box) and passes axe.
 */
describe('operator console at 768 px', () => {
  const suite = useBrowserSuite();
  let desk: Page;

  beforeAll(async () => {
    desk = await suite.desktopPage();
    await desk.setViewportSize({ width: 768, height: 1024 });
  });

  it('fits every screen of the menu into 768 px, each passing axe', async () => {
    await logInDemoOperator(desk);
    const menu = desk.getByRole('navigation', { name: '콘솔 메뉴' });
    await expect.poll(() => menu.getByRole('link').count()).toBe(19);
    const labels = await menu.getByRole('link').allInnerTexts();
    const tooWide: string[] = [];
    for (const label of labels) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await desk.getByRole('heading', { level: 1 }).first().waitFor();
      // The screen's data has arrived: no loading line left.
      await expect.poll(() => desk.getByText('불러오는 중', { exact: false }).count()).toBe(0);
      const width = await desk.evaluate(() => document.documentElement.scrollWidth);
      if (width > 768) tooWide.push(`${label}: ${width}px`);
      await expectAccessible(desk);
    }
    expect(tooWide).toEqual([]);
    await screenshot(desk, 'admin-768-last-screen');
  });
});
