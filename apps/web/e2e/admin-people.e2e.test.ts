import type { DayMission } from '@hamkke/contract/mission/mission';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../server/test/images.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { desktopContext, launchBrowser, phoneContext, screenshot, serverToday } from './browser.ts';
import { accessToken, expectAccessible, logInDemoParent } from './fixtures.ts';
import { logInDemoOperator } from './admin-login.ts';

const REASON = '다른 가족의 얼굴이 보이는 사진이에요';

/**
 * People in the console (issue 9, support): a parent's certification is on its shared page; the
 * operator finds the parent, reveals the masked phone on purpose, hides the certification with a
 * reason; a fresh browser no longer sees it on the shared page, and its author sees why.
 */
describe('people and moderation in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let parent: Page;
  let desk: Page;
  let token: string;
  let mission: DayMission;
  let shareUrl: string;
  let today: string;

  beforeAll(async () => {
    server = await startServer();
    today = await serverToday(server.baseUrl);
    browser = await launchBrowser();
    const parentContext = await phoneContext(browser, server.baseUrl, { popups: 'dismissed' });
    const deskContext = await desktopContext(browser, server.baseUrl);
    contexts.push(parentContext, deskContext);
    parent = await parentContext.newPage();
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

  /** A fresh browser (no session) on the shared page: the mission titles it shows. */
  async function sharedTitles(name: string): Promise<string[]> {
    const visitor = await phoneContext(browser, server.baseUrl, { popups: 'dismissed' });
    contexts.push(visitor);
    const page = await visitor.newPage();
    await page.goto(shareUrl);
    // The intro line comes with the answer: the list below it is final. A day whose every
    // certification is hidden is no page at all (issue 46 L4).
    const answered = page.getByText(/님의 .* 인증이에요\.|공유된 인증을 찾을 수 없어요/).first();
    await answered.waitFor();
    await screenshot(page, name);
    if ((await answered.innerText()).includes('찾을 수 없어요')) return [];
    await page.getByRole('heading', { level: 1, name: '공유된 미션 인증' }).waitFor();
    await page.getByRole('link', { name: '함께미션 시작하기' }).waitFor();
    return page.getByRole('heading', { level: 2 }).allInnerTexts();
  }

  it("shows a parent's new photo certification on its shared page", async () => {
    await logInDemoParent(parent);
    token = await accessToken(parent);
    const { missions } = await api<{ missions: DayMission[] }>('home/mission-list');
    const photoMissions = missions.filter((m) => m.proofType !== 'TEXT');
    expect(photoMissions.length).toBeGreaterThan(0);
    mission = photoMissions.find((m) => !m.certified) ?? photoMissions[0]!;
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
      contentHtml: '<p>가족과 공원을 걸었어요</p>',
      fileIds: [response.data.fileId],
    });
    const { uuid } = await api<{ uuid: string }>('mission/mission-certify-uuid', { date: today });
    shareUrl = `${server.baseUrl}/mission/shared/${uuid}/${today}`;
    expect(await sharedTitles('admin-people-shared-before')).toContain(mission.title);
  });

  it('finds the parent, reveals the phone on purpose and hides the certification with a reason', async () => {
    await logInDemoOperator(desk);
    await desk.getByRole('link', { name: '회원 조회' }).click();
    await desk.getByRole('heading', { name: '회원 조회' }).waitFor();
    await desk.getByLabel('이름, 별명, 전화번호 뒷자리 또는 카카오 아이디').fill('김하늘');
    await desk.getByRole('button', { name: '찾기' }).click();
    const result = desk.getByRole('row', { name: /김하늘/ });
    await expect.poll(() => result.first().innerText()).toMatch(/010-\*\*\*\*-\d{4}/);
    await expectAccessible(desk);
    await screenshot(desk, 'admin-people-search');

    await desk.getByRole('button', { name: '김하늘 상세 보기' }).first().click();
    await desk.getByRole('heading', { name: '김하늘 님' }).waitFor();
    const phoneRow = desk.getByRole('row', { name: /전화번호/ });
    await expect.poll(() => phoneRow.innerText()).toMatch(/010-\*\*\*\*-\d{4}/);
    await desk.getByRole('button', { name: '전화번호·생년월일 보기' }).click();
    await desk.getByText('이 열람은 감사 기록에 남았어요').waitFor();
    await expect.poll(() => phoneRow.innerText()).toMatch(/010-\d{4}-\d{4}/);
    await desk.getByRole('button', { name: '다시 가리기' }).click();

    // The new one is her only certification today (the seed leaves today's missions to her; her
    // child's seeded ones, on the same family page, have photos too).
    const row = desk
      .getByRole('row')
      .filter({ hasText: mission.title })
      .filter({ hasText: today })
      .filter({ hasText: '하늘맘' })
      .filter({ has: desk.getByRole('img') });
    await row.waitFor();
    await row.getByRole('img').first().waitFor();
    expect(
      await row
        .getByRole('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expectAccessible(desk);
    await screenshot(desk, 'admin-people-detail');

    await row.getByRole('button', { name: '숨기기' }).click();
    await row.getByLabel('숨기는 사유 (작성자에게 보여요)').fill(REASON);
    await screenshot(desk, 'admin-people-hide-form');
    await row.getByRole('button', { name: '숨기기 확인' }).click();
    await row.getByText(`사유: ${REASON}`).waitFor();
    await row.getByRole('button', { name: '다시 보이기' }).waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-people-hidden');
    // Usable at 768 px: the wide tables scroll inside their cards, the page does not.
    await desk.setViewportSize({ width: 768, height: 1024 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await screenshot(desk, 'admin-people-768');
  });

  it('the shared page no longer shows it; its author sees the reason', async () => {
    expect(await sharedTitles('admin-people-shared-after')).not.toContain(mission.title);

    await parent.goto('/home');
    await parent.getByRole('button', { name: `${mission.title} 인증 보기` }).click();
    const sheet = parent.getByRole('dialog', { name: '나의 인증' });
    await sheet.getByText(`사유: ${REASON}`).waitFor();
    // Issue 25 item 6: a hidden certification cannot be shared, and says so where the button was.
    await sheet.getByText('숨겨진 인증은 공유할 수 없고 오늘의 인증으로 세지 않아요.').waitFor();
    expect(await sheet.getByRole('button', { name: '공유하기' }).count()).toBe(0);
    await screenshot(parent, 'admin-people-author-sees-reason');
    await parent.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });

    // ...and /home no longer counts it: the card reads 숨겨진 인증, not 인증 완료.
    const card = parent.getByRole('article', { name: mission.title });
    await card.getByText('숨겨진 인증').waitFor();
    expect(await card.getByText('인증 완료').count()).toBe(0);
    const { missions } = await api<{ missions: DayMission[] }>('home/mission-list');
    const group = missions.filter((m) => m.challengeType === mission.challengeType);
    expect(group.find((m) => m.missionId === mission.missionId)).toMatchObject({
      certified: false,
      hidden: true,
    });
    const counted = group.filter((m) => m.certified).length;
    await parent
      .getByText(`미션 ${group.length}개 중 ${counted}개를 인증했어요.`, { exact: false })
      .first()
      .waitFor({ state: 'attached' });
    await screenshot(parent, 'admin-people-home-hidden');
  });
});
