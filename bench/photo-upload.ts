// A 12 MP phone photo picked in the certify sheet, in Chromium through the real UI against the built
// server, at DevTools' "Fast 4G" (issue 30 item 2, decision 050): the bytes the upload sends and the
// time from picking the photo to 올리기 완료, with the browser's downscale (after) and without it (before:
// the downscale worker's script is refused, so the app sends the original, as a browser without the
// worker does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { makePhonePhoto } from '../apps/server/test/images.ts';
import { startServer } from '../apps/server/test/spawn-server.ts';
import { launchBrowser, phoneContext, recordUploadSizes, uploadSizes } from '../apps/web/e2e/browser.ts';

/**
 * Chrome DevTools' "Fast 4G" preset (devtools-frontend `front_end/core/sdk/NetworkManager.ts`,
 * `Fast4GConditions`): 9 Mbps down and 1.5 Mbps up at 90 %, 60 ms × 2.75 latency; in bytes per second.
 */
export const FAST_4G = {
  offline: false,
  latency: 60 * 2.75,
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
};

export interface PhotoUploadResult {
  originalBytes: number;
  /** The upload's body (multipart) without and with the downscale. */
  before: { sentBytes: number; ms: number };
  after: { sentBytes: number; ms: number };
  fewerPercent: number;
}

interface DayMission {
  title: string;
  proofType: string;
  certified: boolean;
  certificationId: string | null;
}

async function pickAndUpload(
  browser: Browser,
  baseUrl: string,
  photoFile: string,
  downscale: boolean,
): Promise<{ sentBytes: number; ms: number }> {
  const context: BrowserContext = await phoneContext(browser, baseUrl);
  try {
    await recordUploadSizes(context);
    if (!downscale) await context.route('**/assets/photo-downscale.worker-*.js', (route) => route.abort());
    const page = await context.newPage();
    // The demo parent through the Kakao emulator, as a person signs in; her new-badge popup closed.
    const badges = page.waitForResponse((response) => response.url().endsWith('/user/new-badges'));
    await page.goto('/login/auth');
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
    );
    await page.getByRole('button', { name: '카카오 로그인' }).click();
    await page.getByRole('button', { name: /김하늘/ }).click();
    await page.waitForURL('**/home**');
    const { response: badgeAnswer } = (await (await badges).json()) as { response: { badges: unknown[] } };
    if (badgeAnswer.badges.length > 0) {
      const dialog = page.getByRole('dialog', { name: '새 배지를 얻었어요' });
      await dialog.getByRole('button', { name: '확인' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    const token = await page.evaluate(
      () =>
        (
          JSON.parse(window.sessionStorage.getItem('user') ?? '{}') as {
            state?: { tokens?: { access?: { token?: string } } };
          }
        ).state?.tokens?.access?.token ?? '',
    );
    const list = await fetch(`${baseUrl}/v1/api/front/home/mission-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const { missions } = ((await list.json()) as { response: { missions: DayMission[] } }).response;
    const mission = missions.find((m) => m.proofType !== 'TEXT' && !m.certified);
    if (!mission) throw new Error('no uncertified photo mission for the demo parent today');
    await page.getByRole('button', { name: `${mission.title} 인증하기` }).click();
    const sheet = page.getByRole('dialog', { name: mission.title });
    await sheet.getByRole('heading', { name: mission.title }).waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    const started = performance.now();
    await sheet.locator('input[type="file"]').setInputFiles(photoFile);
    await sheet.getByRole('img', { name: '사진 1 올리기 완료' }).waitFor({ timeout: 120_000 });
    const ms = Math.round(performance.now() - started);
    const [sentBytes] = await uploadSizes(page);
    if (!sentBytes) throw new Error('the upload was not seen');
    return { sentBytes, ms };
  } finally {
    await context.close();
  }
}

export async function runPhotoUploadBench(): Promise<PhotoUploadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-photo-upload-'));
  const photoFile = path.join(dir, 'phone-photo.jpg');
  const photo = await makePhonePhoto({ orientation: 6 });
  fs.writeFileSync(photoFile, photo);
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const browser = await launchBrowser({ whole: true });
  try {
    const after = await pickAndUpload(browser, server.baseUrl, photoFile, true);
    const before = await pickAndUpload(browser, server.baseUrl, photoFile, false);
    return {
      originalBytes: photo.length,
      before,
      after,
      fewerPercent: Math.round((1 - after.sentBytes / before.sentBytes) * 1000) / 10,
    };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench's line, e.g. `photo over Fast 4G: 4.1 MB photo → 212 KB sent (94.9 % fewer), 26.1 s → 2.3 s`. */
export function photoUploadLine(result: PhotoUploadResult): string {
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `photo upload at Fast 4G (12 MP phone photo, ${(result.originalBytes / 1024 / 1024).toFixed(2)} MB): sent ${kb(result.before.sentBytes)} → ${kb(result.after.sentBytes)} (${result.fewerPercent} % fewer), picked to uploaded ${s(result.before.ms)} → ${s(result.after.ms)}`;
}

// `npx tsx bench/photo-upload.ts`: this part alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  console.info(photoUploadLine(await runPhotoUploadBench()));
}
