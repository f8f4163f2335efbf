import Database from 'better-sqlite3';
import { addDays } from '@hamkke/contract/dates';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../server/test/images.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import {
  axeViolations,
  launchBrowser,
  phoneContext,
  screenshot,
  serverClock,
  serverToday,
} from './browser.ts';
import { accessToken, logInDemoChild, toast } from './fixtures.ts';

/** Seoul's day `YYYY-MM-DD` of an instant (here only to choose where the server's clock starts). */
const seoulDayOf = (instant: number) => new Date(instant + 9 * 3_600_000).toISOString().slice(0, 10);

interface DayMission {
  missionId: string;
  title: string;
  proofType: 'PHOTO' | 'TEXT' | 'PHOTO_TEXT';
  certified: boolean;
  certificationId: string | null;
}

/**
 * A certification made without a connection (issue 29 item 3, decision 048): kept on the device with
 * its photo, shown as 보내는 중 / 연결되면 보낼게요, still kept after a reload, and sent once when the
 * connection returns, counted for the day it was made. The server's clock starts half an hour before
 * Seoul's midnight and is moved past it (SIGUSR2), so the certification is made on one day and arrives
 * on the next.
 */
describe('certifying offline in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-offline-e2e-'));
  // Half an hour before a Seoul midnight, ahead of this machine's clock by a day at most (so no
  // cookie has expired). Every step before the move must fall on that day: half an hour is twice the
  // test's own hang guard (HANG_GUARD_MS.test), so no machine reaches midnight before the move
  // without failing that first (four minutes, as before, a machine at load average 30 could use
  // up). And under the access token's hour: the move leaves the session the page has still good.
  const startDay = seoulDayOf(Date.now() + 30 * 60_000);

  beforeAll(async () => {
    server = await startServer({ CLOCK_START: `${startDay}T23:30:00+09:00` });
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl, { serviceWorker: 'allow' });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  async function api<T>(token: string, endpoint: string, body: unknown = {}): Promise<T> {
    const answer = await fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await answer.json()) as { response?: T };
    if (!answer.ok) throw new Error(`${endpoint}: ${answer.status} ${JSON.stringify(json)}`);
    return json.response as T;
  }

  const queuedCount = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('hamkke-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('certifications')) return resolve(0);
            const count = db.transaction('certifications').objectStore('certifications').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );

  /** The sizes of the photos the kept certifications hold, to be sent when the connection returns. */
  const queuedPhotoSizes = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number[]>((resolve, reject) => {
          const open = indexedDB.open('hamkke-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('certifications').objectStore('certifications').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as Array<{ photos: Array<{ blob: Blob }> }>).flatMap((item) =>
                  item.photos.map((photo) => photo.blob.size),
                ),
              );
          };
        }),
    );

  it('keeps a photo certification made offline before midnight and sends it once, for that day', async () => {
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('pageerror', (error) => consoleLines.push(String(error)));
    page.on('console', (message) => {
      consoleLines.push(`${message.type()} ${new Date().toISOString()} ${message.text()}`);
    });
    await logInDemoChild(page);
    const token = await accessToken(page);
    expect(await serverToday(server.baseUrl)).toBe(startDay);
    const { missions } = await api<{ missions: DayMission[] }>(token, 'home/mission-list');
    let mission = missions.find((m) => m.proofType === 'PHOTO_TEXT' && !m.certified);
    if (!mission) {
      const taken = missions.find((m) => m.proofType === 'PHOTO_TEXT')!;
      await api(token, 'home/delete-mission-certification', { certificationId: taken.certificationId });
      mission = taken;
    }
    const jpegFile = path.join(tempDir, 'walk.jpg');
    fs.writeFileSync(jpegFile, await makeJpeg({ width: 800, height: 600 }));

    // The queue's own code is loaded at a start only when the device keeps something (queue-start.ts).
    const queueCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/certify-queue-[^/]*\.js$/.test(request.url())) queueCode.push(request.url());
    });
    await page.goto('/home');
    const certifyButton = page.getByRole('button', { name: `${mission.title} 인증하기` });
    await certifyButton.waitFor();
    // The app's service worker (decision 046) holds the sheet's code, as on a phone that used the app
    // before: installed, and in control of the page once it is loaded again.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await certifyButton.waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Nothing kept yet: after the page's start (the font faces join after the first paint, in the
    // same chunk as the queue's start), no queue code was asked for and no queue database was made.
    await expect
      .poll(() =>
        page.evaluate(() => {
          let faces = 0;
          document.fonts.forEach(() => (faces += 1));
          return faces;
        }),
      )
      .toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(queueCode).toEqual([]);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain(
      'hamkke-offline',
    );

    await context.setOffline(true);
    await certifyButton.click();
    const sheet = page.getByRole('dialog', { name: mission.title });
    await sheet.locator('input[type="file"]').setInputFiles(jpegFile);
    await sheet.getByRole('img', { name: '사진 1: 연결되면 올릴게요' }).waitFor();
    await sheet.getByRole('textbox', { name: '인증 글 (필수)' }).click();
    await page.keyboard.type('연결이 없어도 인증했어요.');
    await sheet.getByRole('button', { name: '인증하기', exact: true }).click();
    await toast(page, '연결되면 보낼게요. 인증은 만든 날로 기록돼요.');

    const card = page.getByRole('article', { name: mission.title });
    await card.getByText('보내는 중 · 연결되면 보낼게요').waitFor();
    expect(await card.getByRole('button', { name: `${mission.title} 인증하기` }).count()).toBe(0);
    expect(await queuedCount(page)).toBe(1);
    // The photo is kept as the light copy made on the device (decision 050), not the picked file.
    const [keptBytes, ...morePhotos] = await queuedPhotoSizes(page);
    expect(morePhotos).toEqual([]);
    expect(keptBytes).toBeGreaterThan(0);
    expect(keptBytes).toBeLessThan(fs.statSync(jpegFile).size);
    await screenshot(page, 'offline-certify-queued');
    expect(await axeViolations(page)).toEqual([]);

    // A reload while the connection still fails: the certification is still kept, and shown.
    await context.setOffline(false);
    const failing = '**/v1/api/front/{common/upload,home/mission-certification}';
    await page.route(failing, (route) => route.abort('internetdisconnected'));
    queueCode.length = 0;
    await page.reload();
    expect(await serverToday(server.baseUrl)).toBe(startDay);
    await card.getByText('보내는 중 · 연결되면 보낼게요').waitFor();
    // Kept: this start loaded the queue.
    expect(queueCode).toHaveLength(1);
    expect(await queuedCount(page)).toBe(1);
    await context.setOffline(true);
    await page.unroute(failing);

    // Seoul's midnight passes on the server before the connection returns: its test clock is moved on
    // to it (SIGUSR2, rather than a minute and a half waited), and the phone's clock follows.
    process.kill(server.pid, 'SIGUSR2');
    await expect.poll(() => serverToday(server.baseUrl), { interval: 100 }).toBe(addDays(startDay, 1));
    await context.clock.setSystemTime((await serverClock(server.baseUrl)).now);
    await context.setOffline(false);
    await toast(page, '연결되어 인증을 보냈어요').catch(async (error: unknown) => {
      await screenshot(page, 'offline-certify-not-sent');
      throw new Error(`not sent; the page said:\n${consoleLines.join('\n')}`, { cause: error });
    });
    await expect.poll(() => queuedCount(page)).toBe(0);

    // Once, on the day it was made, with its photo; nothing on the new day.
    const made = await api<{ certifications: Array<{ missionId: string; photos: unknown[] }> }>(
      token,
      'mission/mission-info-by-date',
      { date: startDay },
    );
    const mine = made.certifications.filter((c) => c.missionId === mission.missionId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.photos).toHaveLength(1);
    const db = new Database(server.databaseFile, { readonly: true });
    try {
      const rows = db
        .prepare(
          'select certified_on, made_at, idempotency_key from mission_certifications where mission_id = ? and idempotency_key is not null',
        )
        .all(Number(mission.missionId)) as Array<{ certified_on: string; made_at: string }>;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.certified_on).toBe(startDay);
      expect(seoulDayOf(Date.parse(rows[0]!.made_at))).toBe(startDay);
    } finally {
      db.close();
    }
    // Another connection event later sends nothing more: its try has ended once the queue announces
    // what it keeps (certify-queue.ts's `publish`, after any send), and the server has still one.
    await page.evaluate(
      (queueEvent) =>
        new Promise<void>((resolve) => {
          window.addEventListener(queueEvent, () => resolve(), { once: true });
          window.dispatchEvent(new Event('online'));
        }),
      'hamkke:certify-queue',
    );
    const again = await api<{ certifications: Array<{ missionId: string }> }>(
      token,
      'mission/mission-info-by-date',
      { date: startDay },
    );
    expect(again.certifications.filter((c) => c.missionId === mission.missionId)).toHaveLength(1);
  });
});
