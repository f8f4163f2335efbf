import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhonePhoto } from '../../server/test/images.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, recordUploadSizes, serverToday, uploadSizes } from './browser.ts';
import { accessToken, expectAccessible, logInDemoParent, toast } from './fixtures.ts';

interface DayMission {
  missionId: string;
  title: string;
  proofType: 'PHOTO' | 'TEXT' | 'PHOTO_TEXT';
  certified: boolean;
  certificationId: string | null;
}

interface Certification {
  missionId: string;
  photos: Array<{ fileId: string; url: string; width: number; height: number }>;
}

/** The stored size of every photo (the contract's STORED_PHOTO_EDGE), turned upright: 3:4 portrait. */
const UPRIGHT = { width: 1200, height: 1600 };

/** Grey 12×16 thumbnails' mean difference per pixel: small for the same picture, large for a turned one. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (image: Buffer) => sharp(image).resize(12, 16, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [left, right] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < left.length; i += 1) sum += Math.abs(left[i]! - right[i]!);
  return sum / left.length;
}

/**
 * A 12 MP phone photo is made light in the browser before it is sent (issue 30 item 2, decision 050):
 * the upload's body is a small part of the original, and what the server stores is upright (the EXIF
 * orientation applied to the pixels) at the stored size. When the worker cannot run, the original goes.
 */
describe('photo downscale in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-downscale-e2e-'));
  const photoFile = path.join(tempDir, 'phone-photo.jpg');
  let original: Buffer;

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

  /** A photo mission of today left uncertified (the seed certifies some at random). */
  async function photoMission(token: string): Promise<DayMission> {
    const { missions } = await api<{ missions: DayMission[] }>(token, 'home/mission-list');
    const candidates = missions.filter((m) => m.proofType === 'PHOTO' || m.proofType === 'PHOTO_TEXT');
    const free = candidates.find((m) => !m.certified);
    if (free) return free;
    const taken = candidates[0]!;
    await api(token, 'home/delete-mission-certification', { certificationId: taken.certificationId });
    return { ...taken, certified: false, certificationId: null };
  }

  /** The demo parent's /home with a photo mission's certify sheet open. */
  async function openSheet(context: BrowserContext) {
    const page = await context.newPage();
    await logInDemoParent(page);
    const token = await accessToken(page);
    const mission = await photoMission(token);
    await page.goto('/home');
    const certifyButton = page.getByRole('button', { name: `${mission.title} 인증하기` });
    await certifyButton.click();
    const sheet = page.getByRole('dialog', { name: mission.title });
    await sheet.getByRole('heading', { name: mission.title }).waitFor();
    return { page, token, mission, sheet };
  }

  /** A phone context that keeps the body size of each upload it sends. */
  async function newContext() {
    const context = await phoneContext(browser, server.baseUrl);
    contexts.push(context);
    await recordUploadSizes(context);
    return context;
  }

  beforeAll(async () => {
    // The photo (4 s alone) is made while the server and the browser start. With every phase of
    // `npm test` on two cores this set-up once ran past two minutes in CI (stop 41), with no word of
    // which step it waited for: it has three, and names any still running after a minute (a notice
    // only: the hook's bound is the e2e project's hang guard, HANG_GUARD_MS.test).
    const running = new Set(['the server', 'Chromium', 'the photo']);
    const done =
      <T>(label: string) =>
      (value: T) => {
        running.delete(label);
        return value;
      };
    const notice = setTimeout(
      () => console.warn(`photo-downscale: still waiting for ${[...running].join(', ')}`),
      60_000,
    );
    try {
      [server, browser, original] = await Promise.all([
        startServer().then(done('the server')),
        launchBrowser().then(done('Chromium')),
        makePhonePhoto({ orientation: 6 }).then(done('the photo')),
      ]);
    } finally {
      clearTimeout(notice);
    }
    fs.writeFileSync(photoFile, original);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('sends a 12 MP photo as a fraction of its bytes, stored upright at the stored size', async () => {
    // The test photo is what a phone writes: 4000×3000 as the sensor reads it, turned by its tag.
    const raw = await sharp(original).metadata();
    expect({ width: raw.width, height: raw.height, orientation: raw.orientation }).toEqual({
      width: 4000,
      height: 3000,
      orientation: 6,
    });
    expect(original.length).toBeGreaterThan(3 * 1024 * 1024);

    const { page, token, mission, sheet } = await openSheet(await newContext());
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // The worker's code comes with the first photo, not with the page.
    expect(requested.some((url) => url.includes('photo-downscale'))).toBe(false);

    await sheet.locator('input[type="file"]').setInputFiles(photoFile);
    await sheet.getByRole('img', { name: '사진 1 올리기 완료' }).waitFor();
    expect(requested.some((url) => url.includes('photo-downscale'))).toBe(true);
    const [sentBytes, ...more] = await uploadSizes(page);
    expect(more).toEqual([]);
    expect(sentBytes).toBeGreaterThan(0);
    expect(sentBytes).toBeLessThan(original.length * 0.15);
    await expectAccessible(page);

    if (mission.proofType === 'PHOTO_TEXT') {
      await sheet.getByRole('textbox', { name: '인증 글 (필수)' }).click();
      await page.keyboard.type('큰 사진도 가볍게 올렸어요.');
    }
    await sheet.getByRole('button', { name: '인증하기', exact: true }).click();
    await toast(page, '인증했어요');

    // Read back from the server: portrait (the raw grid's width and height swapped), at the stored
    // size, and the picture the right way up (closer to the upright original than to it turned over).
    const { certifications } = await api<{ certifications: Certification[] }>(
      token,
      'mission/mission-info-by-date',
      { date: await serverToday(server.baseUrl) },
    );
    const made = certifications.find((c) => c.missionId === mission.missionId);
    expect(made?.photos).toHaveLength(1);
    const answer = await fetch(new URL(made!.photos[0]!.url, server.baseUrl));
    expect(answer.ok).toBe(true);
    const stored = Buffer.from(await answer.arrayBuffer());
    const storedMeta = await sharp(stored).metadata();
    expect({ width: storedMeta.width, height: storedMeta.height }).toEqual(UPRIGHT);
    expect(storedMeta.orientation ?? 1).toBe(1);
    const upright = await sharp(original).rotate().toBuffer();
    const upsideDown = await sharp(upright).rotate(180).toBuffer();
    expect(await difference(stored, upright)).toBeLessThan((await difference(stored, upsideDown)) / 2);
  });

  it('sends the original when the worker cannot load, and the server still stores it upright', async () => {
    const context = await newContext();
    // As a browser whose worker fails: its script never arrives.
    await context.route('**/assets/photo-downscale.worker-*.js', (route) => route.abort());
    const { page, sheet } = await openSheet(context);

    const answered = page.waitForResponse((response) => response.url().endsWith('/common/upload'));
    await sheet.locator('input[type="file"]').setInputFiles(photoFile);
    const { response } = (await (await answered).json()) as {
      response: { data: { width: number; height: number } };
    };
    await sheet.getByRole('img', { name: '사진 1 올리기 완료' }).waitFor();
    const [sentBytes] = await uploadSizes(page);
    expect(sentBytes).toBeGreaterThan(original.length);
    expect({ width: response.data.width, height: response.data.height }).toEqual(UPRIGHT);
  });
});
