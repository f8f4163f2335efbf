import type { DayMission } from '@hamkke/contract/mission/mission';
import { addDays } from '@hamkke/contract/dates';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot, serverClock, serverToday } from './browser.ts';
import { accessToken, logInDemoChild, toast } from './fixtures.ts';

/** Seoul's day `YYYY-MM-DD` of an instant (here only to choose where the server's clock starts). */
const seoulDayOf = (instant: number) => new Date(instant + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * One clock for a test and the server it drives (issue 31): the server's clock starts two seconds
 * before Seoul's midnight (`CLOCK_START`), the browser follows it, and a child certifies across the
 * change of day. Every "today" the test compares with is the server's, read when it is needed.
 */
describe('a certification across Seoul midnight', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  // The coming Seoul midnight (less than a day ahead of this machine, so no cookie has expired).
  const startDay = seoulDayOf(Date.now());
  const clockStart = `${startDay}T23:59:58+09:00`;

  beforeAll(async () => {
    server = await startServer({ CLOCK_START: clockStart });
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('is found under the day the server says, in the calls and in the calendar', async () => {
    const page = await context.newPage();
    await logInDemoChild(page);
    const token = await accessToken(page);
    // The day changes under the running flow: wait for it on the server's own clock.
    await expect.poll(() => serverToday(server.baseUrl)).toBe(addDays(startDay, 1));
    // The browser's clock follows the server's: the app's "today" is the same day. Read between two
    // reads of the server's clock, so the time this machine takes for these reads is not counted. What
    // is left is how far behind browser.ts set it (the moment between its read of the server's clock
    // and its setting of the browser's, one call): allowed a minute, as before.
    const before = (await serverClock(server.baseUrl)).now.getTime();
    const browserNow = await page.evaluate(() => Date.now());
    const after = (await serverClock(server.baseUrl)).now.getTime();
    expect(browserNow).toBeGreaterThan(before - 60_000);
    expect(browserNow).toBeLessThanOrEqual(after + 1_000);

    const api = async <T>(endpoint: string, body: unknown = {}): Promise<T> => {
      const answer = await fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { response: T }).response;
    };
    // The new day's missions: none certified yet, whatever the day before held.
    const { missions } = await api<{ missions: DayMission[] }>('home/mission-list');
    const mission = missions.find((m) => m.proofType === 'TEXT');
    expect(mission?.certified).toBe(false);

    await page.goto('/home');
    await page.getByRole('button', { name: `${mission!.title} 인증하기` }).click();
    const sheet = page.getByRole('dialog', { name: mission!.title });
    await sheet.getByRole('textbox', { name: '인증 글 (필수)' }).click();
    await page.keyboard.type('자정이 지나고 처음 한 인증이에요.');
    await sheet.getByRole('button', { name: '인증하기', exact: true }).click();
    await toast(page, '인증했어요');

    const today = await serverToday(server.baseUrl);
    expect(today).toBe(addDays(startDay, 1));
    const { certifications } = await api<{ certifications: Array<{ missionId: string }> }>(
      'mission/mission-info-by-date',
      { date: today },
    );
    expect(certifications.map((c) => c.missionId)).toContain(mission!.missionId);

    // The calendar marks the server's today as today, with the certification on it.
    await page.goto('/active');
    const todayButton = page.getByRole('grid').locator(`button[data-day="${today}"]`);
    await expect.poll(() => todayButton.getAttribute('aria-current')).toBe('date');
    await expect.poll(() => todayButton.getAttribute('data-mark')).not.toBe('none');
    await page.getByRole('heading', { level: 3, name: mission!.title }).waitFor();
    await screenshot(page, 'midnight-calendar');
  });
});
