import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { desktopContext, launchBrowser, screenshot } from './browser.ts';
import { logInDemoOperator } from './admin-login.ts';
import { expectAccessible } from './fixtures.ts';

/**
 * The console as an operator at a Korean startup wants it (issue 25, items 8 and 9): the app's own
 * dialog instead of the browser's confirm(), 지급 완료 asked and reported, the audit log in Korean
 * with filters and each row's before/after, teams' real states, a round copied, the popup preview's
 * buttons, and fields that stay aligned when one shows an error. Desktop, tablet and 360 px.
 */
describe('operator console (issue 25) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let desk: Page;
  /** Native dialogs (window.confirm/alert): the console must not open any. */
  const native: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await desktopContext(browser, server.baseUrl);
    desk = await context.newPage();
    desk.on('dialog', (dialog) => {
      native.push(dialog.message());
      void dialog.dismiss();
    });
    await logInDemoOperator(desk);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /** The top of an element's box, in CSS pixels. */
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;

  it("asks before 지급 완료 in the app's dialog and reports how many rows changed", async () => {
    await desk.getByRole('link', { name: '보상 지급' }).click();
    await desk.getByRole('heading', { name: '보상 지급', level: 1 }).waitFor();
    // Two pending rows (the header's checkbox selects the whole page).
    const rowBoxes = desk.locator('tbody').getByRole('checkbox');
    await rowBoxes.first().waitFor();
    await rowBoxes.nth(0).check();
    await rowBoxes.nth(1).check();
    await desk.getByLabel('지급 참조번호').fill('PAY-2026-E2E');
    await desk.getByRole('button', { name: '선택한 2건 지급 완료' }).click();

    const ask = desk.getByRole('alertdialog', { name: '2건을 지급 완료로 바꿀까요?' });
    await ask.waitFor();
    await ask.getByText('지급 참조번호 PAY-2026-E2E로 기록해요.', { exact: false }).waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-mark-paid-confirm');
    // 취소 changes nothing.
    await ask.getByRole('button', { name: '취소' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await desk.getByRole('status').filter({ hasText: '지급 완료로 바꿨어요' }).count()).toBe(0);

    await desk.getByRole('button', { name: '선택한 2건 지급 완료' }).click();
    await ask.getByRole('button', { name: '지급 완료로 바꾸기' }).click();
    await desk.getByRole('status').getByText('2건을 지급 완료로 바꿨어요.').waitFor();
    await screenshot(desk, 'console-25-mark-paid-result');
    expect(native).toEqual([]);
  });

  it("shows the audit log in Korean, filters it, and opens a row's before and after", async () => {
    await desk.getByRole('link', { name: '감사 기록' }).click();
    await desk.getByRole('heading', { name: '감사 기록', level: 1 }).waitFor();
    await desk.getByLabel('작업').selectOption('reward.mark-paid');
    const row = desk.getByRole('row', { name: /보상 지급 완료/ }).first();
    await row.waitFor();
    await expect.poll(() => desk.getByRole('row').count()).toBe(2);
    expect(await row.innerText()).toContain('보상 2건');
    expect(await row.innerText()).not.toContain('reward.mark-paid');

    await row.getByRole('button', { name: /보상 지급 완료 · 보상 2건 내용 보기/ }).click();
    const detail = desk.getByRole('dialog', { name: '보상 지급 완료 · 보상 2건' });
    await detail.waitFor();
    const before = await detail.getByRole('region', { name: '변경 전' }).innerText();
    const after = await detail.getByRole('region', { name: '변경 후' }).innerText();
    expect(before).toContain('"status": "PENDING"');
    expect(after).toContain('"status": "PAID"');
    expect(after).toContain('"payoutRef": "PAY-2026-E2E"');
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-audit-detail');
    await detail.getByRole('button', { name: '닫기' }).click();
    await detail.waitFor({ state: 'hidden' });

    // By operator and by a target kind: other rows go.
    await desk.getByLabel('작업').selectOption('');
    await desk.getByRole('combobox', { name: /^운영자/ }).selectOption({ label: 'demo-admin' });
    await desk.getByLabel('대상 종류').selectOption({ label: '팀' });
    await expect.poll(() => desk.getByText('조건에 맞는 기록이 없어요.').count()).toBe(1);
    await desk.getByRole('button', { name: '조건 지우기' }).click();
    await expect.poll(() => desk.getByRole('row').count()).toBeGreaterThan(1);
  });

  it('keeps the filter row aligned when 종료일 shows an error', async () => {
    // Wide enough for the whole row on one line (it wraps on narrower screens).
    await desk.setViewportSize({ width: 1600, height: 900 });
    await desk.getByLabel('시작일').fill('2026-11-20');
    await desk.getByLabel('종료일').fill('2026-11-10');
    await desk.getByText('종료일이 시작일보다 빨라요. 날짜를 다시 골라 주세요.').waitFor();
    // Every control of the row (3 selects, the target number, 2 dates) starts at the same height.
    const controls = desk.getByRole('group', { name: '감사 기록 거르기' }).locator('select, input');
    expect(await controls.count()).toBe(6);
    const tops = await Promise.all((await controls.all()).map(top));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-audit-filters-error');
    await desk.setViewportSize({ width: 360, height: 740 });
    const width = await desk.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(desk, 'console-25-audit-360');
    await desk.setViewportSize({ width: 1280, height: 800 });
  });

  it("shows each team's real state", async () => {
    await desk.getByRole('link', { name: '팀', exact: true }).click();
    await desk.getByRole('heading', { name: '팀', exact: true }).waitFor();
    await desk.getByRole('row').nth(1).waitFor();
    const states = await desk.locator('tbody tr td:nth-of-type(4)').allInnerTexts();
    // The seed has teams of an ended, a running, a recruiting and an always round.
    expect(states).toContain('종료');
    expect(states).toContain('진행 중');
    expect(states.some((state) => state === '모집 중' || state === '모집 마감')).toBe(true);
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-teams');
    await desk.setViewportSize({ width: 768, height: 1024 });
    await screenshot(desk, 'console-25-teams-768');
    await desk.setViewportSize({ width: 1280, height: 800 });
  });

  it('starts the next round as a copy of the newest one, after asking', async () => {
    await desk.getByRole('link', { name: '챌린지' }).click();
    await desk.getByRole('heading', { name: '챌린지', level: 1 }).waitFor();
    await desk.getByRole('button', { name: '지난 기수 복사: 21일 가족 건강 챌린지 3기' }).click();
    const ask = desk.getByRole('alertdialog', { name: /3기」 기수를 복사해 다음 기수를 만들까요/ });
    await ask.getByText('날짜는 기간(21일)만큼 뒤로 옮겨요', { exact: false }).waitFor();
    await screenshot(desk, 'console-25-copy-round-confirm');
    await ask.getByRole('button', { name: '복사해 만들기' }).click();
    await desk
      .getByRole('status')
      .getByText('새 기수 「21일 가족 건강 챌린지 4기」 만들었어요.', { exact: false })
      .waitFor();
    await desk.getByRole('row', { name: /21일 가족 건강 챌린지 4기/ }).waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-copy-round');
    expect(native).toEqual([]);
  });

  it('keeps the round form aligned when one date shows an error', async () => {
    await desk.getByRole('button', { name: '21일 가족 건강 챌린지 4기 수정' }).click();
    const recruitStart = await desk.getByLabel('모집 시작일', { exact: true }).inputValue();
    // Recruiting that closes before it opens: the form marks 모집 마감일 alone.
    const [year, month, day] = recruitStart.split('-').map(Number) as [number, number, number];
    const dayBefore = new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
    await desk.getByLabel('모집 마감일', { exact: true }).fill(dayBefore);
    await desk.getByRole('button', { name: '저장' }).click();
    const dates = ['모집 시작일', '모집 마감일', '진행 시작일', '진행 종료일'].map((label) =>
      desk.getByLabel(label, { exact: true }),
    );
    await expect.poll(() => dates[1]!.getAttribute('aria-invalid')).toBe('true');
    // The first three share a row of the grid (the fourth wraps at this width).
    const tops = await Promise.all(dates.slice(0, 3).map(top));
    const heights = await Promise.all(dates.map(async (date) => (await date.boundingBox())!.height));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1);
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-round-form-error');
    await desk.setViewportSize({ width: 360, height: 740 });
    await screenshot(desk, 'console-25-round-form-360');
    await desk.setViewportSize({ width: 1280, height: 800 });
    await desk.getByRole('button', { name: '취소' }).click();
  });

  it('previews a popup with the buttons the app draws', async () => {
    await desk.getByRole('link', { name: '팝업' }).click();
    await desk.getByRole('heading', { name: '팝업', exact: true }).waitFor();
    await desk.getByRole('button', { name: '새 팝업' }).click();
    await desk.getByLabel('제목').fill('겨울 방학 미션');
    await desk.getByLabel('내용 (빈 줄로 문단 나누기)').fill('방학 동안 매일 함께 인증해요.');
    const preview = desk.getByRole('figure', { name: '미리 보기 (390px)' });
    await preview.getByText('오늘 하루 보지 않기').waitFor();
    await preview.getByText('닫기', { exact: true }).waitFor();
    expect(await preview.getByText('자세히 보기').count()).toBe(0);
    await desk.getByLabel(/버튼 링크/).fill('/challenge');
    await preview.getByText('자세히 보기').waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'console-25-popup-preview');
  });
});
