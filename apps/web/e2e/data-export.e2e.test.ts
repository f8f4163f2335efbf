import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { unzipEntries } from '../../server/test/unzip.ts';
import { launchBrowser, phoneContext, screenshot, screenshotDir } from './browser.ts';
import { expectAccessible, logInDemoParent } from './fixtures.ts';

/**
 * Issue 32 item 3 in Chromium: the demo parent asks for the family's data on /my, watches the job's
 * progress, saves the ZIP, and its album opens offline.
 */
describe('the family data export in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-export-e2e-'));

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await phoneContext(browser, server.baseUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    fs.rmSync(unpacked, { recursive: true, force: true });
  });

  it('/my → 내 데이터 내려받기 → progress → download, and the album opens offline', async () => {
    await logInDemoParent(page);
    await page.goto('/my');
    const card = page.getByRole('region', { name: '내 데이터 내려받기' });
    await card.waitFor();
    await screenshot(page, 'data-export-my');
    await expectAccessible(page);

    const requested = page.waitForResponse((response) => response.url().endsWith('/my/export-request'));
    await card.getByRole('button', { name: '내 데이터 내려받기' }).click();
    expect((await requested).status()).toBe(200);
    // The job picks it up within seconds: the card shows where it is, then the file.
    await card.getByRole('status').waitFor();
    const save = card.getByRole('button', { name: /ZIP 파일 받기/ });
    await save.waitFor();
    await card.getByText(/까지 받을 수 있어요/).waitFor();
    await screenshot(page, 'data-export-ready');
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await save.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^함께미션-가족데이터-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipPath = path.join(unpacked, 'export.zip');
    await file.saveAs(zipPath);
    const entries = await unzipEntries(fs.readFileSync(zipPath));
    const data = JSON.parse(entries.get('data.json')!.toString('utf8')) as {
      people: Array<{
        name: string;
        certifications: Array<{ photos: Array<{ path: string; bytes: number }> }>;
      }>;
    };
    expect(data.people.map((person) => person.name)).toContain('김하늘');
    const photos = data.people.flatMap((person) => person.certifications.flatMap((c) => c.photos));
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) expect(entries.get(photo.path)!.length).toBe(photo.bytes);

    // Unzipped, index.html draws the album from its own folder: photos by relative path, offline.
    for (const [name, bytes] of entries) {
      fs.mkdirSync(path.dirname(path.join(unpacked, name)), { recursive: true });
      fs.writeFileSync(path.join(unpacked, name), bytes);
    }
    const album = await context.newPage();
    await context.setOffline(true);
    await album.goto(`file://${path.join(unpacked, 'index.html')}`);
    await album.getByRole('heading', { name: '함께미션 가족 앨범' }).waitFor();
    // Issue 45 item 9: data.json said in everyday words, and 보상 (never 리워드) where rewards are listed.
    const albumText = await album.locator('body').innerText();
    expect(albumText).toContain(
      '같은 폴더의 data.json에는 이 앨범과 같은 기록이 들어 있어요. 다른 앱이나 서비스로 기록을 옮길 때 이 파일을 쓰면 돼요.',
    );
    expect(albumText).not.toContain('기계가 읽는');
    expect(albumText).not.toContain('리워드');
    await album.getByRole('heading', { level: 3, name: '보상', exact: true }).first().waitFor();
    // The album is long (every day of every person): the 360 px views of its top and first photos.
    await album.screenshot({ path: path.join(screenshotDir, 'data-export-album-top.png') });
    const firstPhoto = album.locator('img').first();
    await firstPhoto.scrollIntoViewIfNeeded();
    await expect
      .poll(() => firstPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    await album.screenshot({ path: path.join(screenshotDir, 'data-export-album-photos.png') });
    await context.setOffline(false);
    await album.close();
  });
});
