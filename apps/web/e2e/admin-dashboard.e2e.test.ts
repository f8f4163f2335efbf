import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInDemoOperator } from './admin-login.ts';
import { screenshot } from './browser.ts';
import { expectAccessible, logInDemoParent, useBrowserSuite } from './fixtures.ts';

/**
 * The console's dashboard and badge rules (issue 9): the operator lands on the dashboard's charts
 * (each with its summary and table), renames a badge rule, and a parent sees the new name at once.
 */
describe('operator dashboard and badge rules in Chromium', () => {
  const suite = useBrowserSuite();
  let desk: Page;
  let parent: Page;

  beforeAll(async () => {
    desk = await suite.desktopPage();
    parent = await suite.phonePage();
  });

  it('lands on the dashboard: figures, charts with summaries and tables, and the rounds', async () => {
    await logInDemoOperator(desk);
    await desk.getByRole('heading', { name: '인증', level: 2 }).waitFor();
    // Each chart is an image named by what it shows, drawn by the charting library as SVG.
    const activity = desk.getByRole('img', { name: /^일별 인증과 활동 가족\. 최근 30일 인증 \d+건/ });
    await activity.waitFor();
    await expect.poll(() => activity.locator('.recharts-line').count()).toBe(2);
    const signUps = desk.getByRole('img', { name: /^일별 가입\./ });
    await signUps.locator('.recharts-bar').first().waitFor();
    // The demo's sign-ups spread over the month (not all on the day it was seeded): a curve.
    const [, total, today] = /최근 30일 가입 (\d+)명, 오늘 (\d+)명/
      .exec((await signUps.getAttribute('aria-label')) ?? '')!
      .map(Number);
    expect(total).toBeGreaterThanOrEqual(10);
    expect(today).toBeLessThanOrEqual(total! / 4);
    await desk
      .getByRole('img', { name: /^기수별 팀 수\./ })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await desk.getByRole('img', { name: /^기수별 완료율/ }).waitFor();
    // The demo data certifies every day: today's figure is in the table behind "표로 보기".
    await desk.getByText('표로 보기').first().click();
    const table = desk.getByRole('table').first();
    await expect.poll(() => table.getByRole('row').count()).toBe(31);
    const rounds = desk.getByRole('table').last();
    await rounds.getByRole('columnheader', { name: '완료율' }).waitFor();
    await expect.poll(() => rounds.getByRole('row').count()).toBeGreaterThan(1);
    await expectAccessible(desk);
    await screenshot(desk, 'admin-dashboard');
    await desk.setViewportSize({ width: 768, height: 1024 });
    await screenshot(desk, 'admin-dashboard-768');
    await desk.setViewportSize({ width: 360, height: 800 });
    await signUps.scrollIntoViewIfNeeded();
    await screenshot(desk, 'admin-dashboard-360');
    await desk.setViewportSize({ width: 1280, height: 900 });
  });

  it('renames a badge rule and a parent sees the new name on /my/badges', async () => {
    const name = `첫걸음 ${Date.now() % 10_000}`;
    await desk.getByRole('link', { name: '배지 규칙' }).click();
    await desk.getByRole('heading', { name: '배지 규칙', level: 1 }).waitFor();
    await desk
      .getByRole('row', { name: /첫 인증/ })
      .first()
      .waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-badge-rules');
    await desk.getByRole('button', { name: '첫 인증 수정' }).click();
    await desk.getByRole('heading', { name: '「첫 인증」 규칙 수정' }).waitFor();
    // A "first" badge keeps threshold 1: the server refuses another, on the field.
    await desk.getByLabel('기준값').fill('2');
    await desk.getByLabel('배지 이름').fill(name);
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByText('이 종류는 기준값을 1로만 둘 수 있어요.').waitFor();
    await desk.getByLabel('기준값').fill('1');
    await expectAccessible(desk);
    await screenshot(desk, 'admin-badge-rule-form');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByRole('row', { name: new RegExp(name) }).waitFor();

    await logInDemoParent(parent);
    await parent.goto('/my/badges');
    await parent.getByRole('heading', { level: 1, name: '내 배지' }).waitFor();
    await parent.getByText(name).first().waitFor();
    await screenshot(parent, 'admin-badge-rule-in-app');
  });
});
