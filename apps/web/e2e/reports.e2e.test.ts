import type { DayMission } from '@hamkke/contract/mission/mission';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../server/test/images.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { desktopContext, launchBrowser, phoneContext, screenshot, serverToday } from './browser.ts';
import {
  accessToken,
  expectAccessible,
  logInDemoParent,
  motionDone,
  openKakaoLogin,
  signUpAtEmulator,
  toast,
} from './fixtures.ts';
import { logInDemoOperator } from './admin-login.ts';

const REASON = '아이 얼굴과 이름표가 함께 보여요';

/**
 * Reports (issue 29 item 4, decision 045): a signed-in visitor of a shared day reports a photo
 * from a keyboard-usable sheet; the operator finds it in the queue and hides it; its author reads
 * the outcome on /home.
 */
describe('reporting a certification in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let author: Page;
  let reporter: Page;
  let desk: Page;
  let token: string;
  let mission: DayMission;
  let shareUrl: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const authorContext = await phoneContext(browser, server.baseUrl, { popups: 'dismissed' });
    const reporterContext = await phoneContext(browser, server.baseUrl, { popups: 'dismissed' });
    const deskContext = await desktopContext(browser, server.baseUrl);
    contexts.push(authorContext, reporterContext, deskContext);
    author = await authorContext.newPage();
    reporter = await reporterContext.newPage();
    desk = await deskContext.newPage();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  async function api<T>(endpoint: string, body: unknown = {}): Promise<T> {
    const response = await fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { response?: T };
    if (!response.ok) throw new Error(`${endpoint}: ${response.status} ${JSON.stringify(json)}`);
    return json.response as T;
  }

  it('a signed-in visitor reports a photo from the shared page, by keyboard, once', async () => {
    const today = await serverToday(server.baseUrl);
    await logInDemoParent(author);
    token = await accessToken(author);
    const { missions } = await api<{ missions: DayMission[] }>('home/mission-list');
    mission = missions.find((m) => m.proofType !== 'TEXT' && !m.certified) ?? missions[0]!;
    if (mission.certified) {
      await api('home/delete-mission-certification', { certificationId: mission.certificationId });
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeJpeg())], { type: 'image/jpeg' }), 'p.jpg');
    const upload = await fetch(`${server.baseUrl}/v1/api/front/common/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { response } = (await upload.json()) as { response: { data: { fileId: string } } };
    await api('home/mission-certification', {
      missionId: mission.missionId,
      contentHtml: '<p>놀이터에서 찍었어요</p>',
      fileIds: mission.proofType === 'TEXT' ? [] : [response.data.fileId],
    });
    const { uuid } = await api<{ uuid: string }>('mission/mission-certify-uuid', { date: today });
    shareUrl = `${server.baseUrl}/mission/shared/${uuid}/${today}`;

    // Someone of another family, signed in, opens the link.
    await openKakaoLogin(reporter);
    await signUpAtEmulator(reporter, '박신고');
    await reporter.waitForURL('**/home**');
    await reporter.goto(shareUrl);
    const report = reporter.getByRole('button', { name: `${mission.title} 인증 신고하기` });
    await report.waitFor();
    // Keyboard only: focus the button, Enter opens the sheet.
    await report.focus();
    await reporter.keyboard.press('Enter');
    const sheet = reporter.getByRole('dialog', { name: '이 인증을 신고할까요?' });
    await sheet.waitFor();
    await motionDone(reporter);
    const photo = sheet.getByRole('radio', { name: /부적절한 사진/ });
    await photo.focus();
    await reporter.keyboard.press('ArrowDown');
    expect(await sheet.getByRole('radio', { name: /개인정보 노출/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await expectAccessible(reporter);
    await screenshot(reporter, 'reports-sheet-360');
    await sheet.getByRole('button', { name: '신고하기' }).focus();
    await reporter.keyboard.press('Enter');
    await toast(reporter, '신고했어요. 운영자가 확인할게요.');
    await sheet.waitFor({ state: 'hidden' });
    await screenshot(reporter, 'reports-shared-reported-360');

    // A second report answers clearly.
    await report.click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: '신고하기' }).click();
    await toast(reporter, '이미 신고했어요.');
  });

  it('the operator finds it in the queue with its reports and hides it; the author reads why', async () => {
    await logInDemoOperator(desk);
    await desk.getByRole('link', { name: '신고 검토' }).click();
    await desk.getByRole('heading', { name: '신고된 인증', level: 1 }).waitFor();
    const item = desk.getByRole('article', { name: mission.title });
    await item.waitFor();
    await item.getByText('신고 1건 · 1가족').waitFor();
    await item.getByText(/박신고 · 개인정보 노출/).waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'reports-queue');

    await item.getByRole('button', { name: '숨기기' }).click();
    await item.getByLabel('숨기는 사유 (작성자에게 보여요)').fill(REASON);
    await item.getByRole('button', { name: '숨기기 확인' }).click();
    await desk.getByText('숨겼어요. 감사 기록에 남았어요.').waitFor();
    await desk.getByRole('combobox', { name: /상태/ }).selectOption('HIDDEN');
    const decided = desk.getByRole('article', { name: mission.title });
    await decided.getByText(`사유: ${REASON}`).waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'reports-queue-hidden');

    // Gone from the shared page: a day whose every certification is hidden is no page (issue 46 L4).
    await reporter.goto(shareUrl);
    await reporter.getByText('공유된 인증을 찾을 수 없어요').waitFor();
    expect(await reporter.getByRole('heading', { level: 2, name: mission.title }).count()).toBe(0);

    // The author is told on /home, until 확인.
    await author.goto('/home');
    const notice = author.getByRole('region', { name: '신고 처리 결과' });
    await notice.getByText(`사유: ${REASON}`, { exact: false }).waitFor();
    await notice.scrollIntoViewIfNeeded();
    await expectAccessible(author);
    await screenshot(author, 'reports-home-notice-360');
    await notice.getByRole('button', { name: `${mission.title} 신고 처리 결과 확인` }).click();
    await notice.waitFor({ state: 'detached' });
  });
});
