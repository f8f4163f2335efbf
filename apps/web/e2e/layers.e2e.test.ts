import Database from 'better-sqlite3';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, multipartBody } from '../../server/test/images.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { accessToken, expectAccessible, logInDemoParent, motionDone, settled, toast } from './fixtures.ts';

/**
 * Layers never fight (issue 25 item 4, decision 025): toasts draw above sheets, a page popup waits
 * until the sheet closes (and does not break Korean typed through an IME), /home greets with one
 * modal per visit, and a certification celebrates what it earned at once.
 */

interface DayMission {
  missionId: string;
  title: string;
  proofType: 'PHOTO' | 'TEXT' | 'PHOTO_TEXT';
  certified: boolean;
  certificationId: string | null;
}

const SHOTS = '/tmp/shots-layers';

describe('layers in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function api<T>(token: string | null, endpoint: string, body: unknown = {}): Promise<T> {
    const response = await fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { response?: T; error?: unknown };
    if (!response.ok) throw new Error(`${endpoint}: ${response.status} ${JSON.stringify(json)}`);
    return json.response as T;
  }

  async function missions(token: string): Promise<DayMission[]> {
    return (await api<{ missions: DayMission[] }>(token, 'home/mission-list')).missions;
  }

  /** Certifies a mission through the API, with a photo when its proof type asks for one. */
  async function certifyByApi(token: string, mission: DayMission): Promise<void> {
    const fileIds: string[] = [];
    if (mission.proofType !== 'TEXT') {
      const { payload, contentType } = multipartBody('file', 'p.jpg', 'image/jpeg', await makeJpeg());
      const answer = await fetch(`${server.baseUrl}/v1/api/front/common/upload`, {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        body: payload,
      });
      const json = (await answer.json()) as { response: { data: { fileId: string } } };
      expect(answer.status).toBe(200);
      fileIds.push(json.response.data.fileId);
    }
    await api(token, 'home/mission-certification', {
      missionId: mission.missionId,
      contentHtml: '<p>가족과 함께 했어요.</p>',
      fileIds,
    });
  }

  /** Leaves exactly `free` of today's missions uncertified (deleting or certifying through the API). */
  async function leaveUncertified(token: string, free: number): Promise<DayMission[]> {
    const list = await missions(token);
    expect(list.length).toBeGreaterThanOrEqual(free);
    for (const [index, mission] of list.entries()) {
      const wantFree = index < free;
      if (wantFree && mission.certified) {
        await api(token, 'home/delete-mission-certification', { certificationId: mission.certificationId });
      } else if (!wantFree && !mission.certified) {
        await certifyByApi(token, mission);
      }
    }
    const after = await missions(token);
    expect(after.filter((mission) => !mission.certified)).toHaveLength(free);
    return after.filter((mission) => !mission.certified);
  }

  /**
   * Reports every new badge seen (the API certifications above may earn some, such as "인증 100회"),
   * so only the badge a test is about greets.
   */
  async function seeAllBadges(token: string): Promise<void> {
    const { badges } = await api<{ badges: Array<{ badgeId: string }> }>(token, 'user/new-badges');
    if (badges.length > 0)
      await api(token, 'user/new-badges', { seen: badges.map((badge) => badge.badgeId) });
  }

  /** Runs SQL on the server's database (the demo parent is the Kakao user 김하늘). */
  function sql(statement: string): number {
    const db = new Database(server.databaseFile);
    try {
      return db.prepare(statement).run().changes;
    } finally {
      db.close();
    }
  }
  const DEMO_PARENT = `(select id from users where name = '김하늘' and kakao_id is not null)`;

  async function demoParent(popups: 'shown' | 'dismissed'): Promise<{ page: Page; token: string }> {
    const context = await phoneContext(browser, server.baseUrl, { popups });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    contexts.push(context);
    const page = await context.newPage();
    await logInDemoParent(page);
    return { page, token: await accessToken(page) };
  }

  async function shot(page: Page, name: string): Promise<void> {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
    await screenshot(page, `layers-${name}`);
  }

  /** Two frames: what a state change drew is on screen. */
  async function frames(page: Page): Promise<void> {
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('holds a late page popup behind the certify sheet, keeps Korean typed through an IME exact, and opens it once the sheet closes', async () => {
    const [popup] = await api<Array<{ popupId: string; title: string }>>(null, 'home/popup-list');
    expect(popup).toBeDefined();
    const { page, token } = await demoParent('shown');
    const [mission] = await leaveUncertified(token, 2);
    await seeAllBadges(token);

    // The popup list answers only when the test says so: it arrives while the sheet is open.
    let answerPopups!: () => void;
    const popupsMayAnswer = new Promise<void>((resolve) => (answerPopups = resolve));
    await page.route('**/v1/api/front/home/popup-list', async (route) => {
      await popupsMayAnswer;
      await route.continue();
    });
    await page.reload();
    // A popup opened and closed first (a reward of the notice card): the host's code is in, so a
    // popup let through later shows at once rather than after loading it.
    // Her own reward (the card also lists her child's, named with the child's alias).
    const reward = page.getByRole('button', { name: /^1,000MB/ });
    await reward.click();
    const rewardPopup = page.getByRole('dialog', { name: '데이터 보상' });
    await settled(rewardPopup);
    await rewardPopup.getByRole('button', { name: '확인' }).click();
    await rewardPopup.waitFor({ state: 'hidden' });
    const certifyButton = page.getByRole('button', { name: `${mission!.title} 인증하기` });
    await certifyButton.click();
    const sheet = page.getByRole('dialog', { name: mission!.title });
    // Found in the DOM, not the accessibility tree: a popup over the sheet would hide the sheet there.
    const editor = page.locator('[role="textbox"][contenteditable="true"]');
    await sheet.getByRole('textbox').click();
    await motionDone(page);

    // Typed as a Korean IME does: committed text, then a syllable being composed when the popup arrives.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.insertText', { text: '엄마께 ' });
    await cdp.send('Input.imeSetComposition', { text: 'ㅈ', selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.imeSetComposition', { text: '저', selectionStart: 1, selectionEnd: 1 });
    const popupsAnswered = page.waitForResponse((response) => response.url().endsWith('/home/popup-list'));
    answerPopups();
    await (await popupsAnswered).finished();
    // The app has read the answer and drawn what it drew from it once the page is idle again (the
    // page's own idle time, however long its work takes: no time limit that a loaded machine passes
    // before the page is done).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
    await frames(page);
    await motionDone(page);
    await cdp.send('Input.imeSetComposition', { text: '전', selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.insertText', { text: '전' });
    await cdp.send('Input.imeSetComposition', { text: 'ㅎ', selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.imeSetComposition', { text: '화', selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.insertText', { text: '화' });
    await cdp.send('Input.insertText', { text: '했어요' });
    await frames(page);

    // No popup over the sheet: not in the page at all while the sheet is open.
    expect(await editor.textContent()).toBe('엄마께 전화했어요');
    expect(await page.locator('[role="dialog"]').filter({ hasText: popup!.title }).count()).toBe(0);
    await expect
      .poll(() => editor.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await shot(page, 'sheet-with-late-popup-held');

    // Closing the sheet lets the popup open, on top and outside any hidden area.
    await sheet.getByRole('button', { name: '닫기' }).first().click();
    await sheet.waitFor({ state: 'hidden' });
    const popupDialog = page.getByRole('dialog', { name: popup!.title });
    await settled(popupDialog);
    await motionDone(page);
    expect(await popupDialog.evaluate((element) => element.closest('[aria-hidden="true"]'))).toBeNull();
    await shot(page, 'popup-after-sheet');
    await expectAccessible(page);
    await popupDialog.getByRole('button', { name: '닫기' }).click();
    await popupDialog.waitFor({ state: 'hidden' });
  });

  it('draws the toast "링크를 복사했어요" above the sheet it came from', async () => {
    const { page, token } = await demoParent('dismissed');
    const list = await missions(token);
    let certified = list.find((mission) => mission.certified);
    if (!certified) {
      await certifyByApi(token, list[0]!);
      certified = list[0]!;
    }
    await page.reload();
    await page.getByRole('button', { name: `${certified.title} 인증 보기` }).click();
    const detail = page.getByRole('dialog', { name: '나의 인증' });
    await detail.getByRole('heading', { level: 3, name: certified.title }).waitFor();
    await motionDone(page);
    await detail.getByRole('button', { name: '공유하기' }).click();
    await toast(page, '링크를 복사했어요');
    await motionDone(page);

    // The element at the toast's centre is the toast (or inside it), not the sheet over it.
    const onTop = await page
      .getByText('링크를 복사했어요', { exact: true })
      .first()
      .evaluate((text) => {
        let root: Element = text;
        while (root.parentElement && getComputedStyle(root).position !== 'fixed') root = root.parentElement;
        const box = text.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { hitInsideToast: hit !== null && root.contains(hit), hit: hit?.outerHTML.slice(0, 120) };
      });
    expect(onTop).toMatchObject({ hitInsideToast: true });
    // …and it covers none of the sheet's buttons: each is still what a tap at its centre reaches.
    const covered = await detail.getByRole('button').evaluateAll((buttons) =>
      buttons
        .filter((button) => button.getBoundingClientRect().height > 0)
        .filter((button) => {
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit === null || !button.contains(hit);
        })
        .map((button) => button.textContent),
    );
    expect(covered).toEqual([]);
    await shot(page, 'toast-over-sheet');
  });

  it('greets with one modal per /home visit: new badges first, the page popup on a later visit', async () => {
    const [popup] = await api<Array<{ popupId: string; title: string }>>(null, 'home/popup-list');
    // The demo data leaves a new badge ("7일 연속"), unseen again here whatever the tests before did.
    sql(`update user_badges set seen_at = case when badge_id = (select id from badge_rules where name = '7일 연속')
           then null else coalesce(seen_at, achieved_at) end where user_id = ${DEMO_PARENT}`);
    const context = await phoneContext(browser, server.baseUrl, { popups: 'shown' });
    contexts.push(context);
    const page = await context.newPage();
    // The badge greets the first visit.
    const popupsRead = page.waitForResponse((response) => response.url().endsWith('/home/popup-list'));
    await logInDemoParent(page, { newBadges: 'keep' });
    const token = await accessToken(page);
    const badges = page.getByRole('dialog', { name: '새 배지를 얻었어요' });
    await settled(badges);
    await popupsRead;
    await frames(page);
    await shot(page, 'greeting-badge');
    await badges.getByRole('button', { name: '확인' }).click();
    await badges.waitFor({ state: 'hidden' });
    await frames(page);
    // The page popup is not stacked under it: it waits for another visit.
    expect(await page.locator('[role="dialog"]').filter({ hasText: popup!.title }).count()).toBe(0);

    // The next visit (once the badge is reported seen) is the page popup's.
    await expect
      .poll(async () => (await api<{ badges: unknown[] }>(token, 'user/new-badges')).badges.length)
      .toBe(0);
    // A visit inside the same load: away to 챌린지 (once its page is drawn) and back by the bottom nav.
    await page.getByRole('link', { name: '챌린지', exact: true }).click();
    await page.waitForURL('**/challenge');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .not.toContain('오늘의 미션');
    await page.getByRole('link', { name: '홈', exact: true }).click();
    await page.waitForURL('**/home');
    const popupDialog = page.getByRole('dialog', { name: popup!.title });
    await settled(popupDialog);
    expect(await page.locator('[role="dialog"]').count()).toBe(1);
    await shot(page, 'greeting-page-popup');
  });

  it('celebrates a badge right after the certification that earned it, then the all-done moment with the streak', async () => {
    const { page, token } = await demoParent('dismissed');
    const [first, last] = await leaveUncertified(token, 2);
    await seeAllBadges(token);
    // "첫 인증" is taken back in the database: the next certification earns it again.
    expect(
      sql(
        `delete from user_badges where user_id = ${DEMO_PARENT}
           and badge_id = (select id from badge_rules where name = '첫 인증')`,
      ),
    ).toBe(1);
    await page.reload();
    const jpeg = await makeJpeg();

    async function certifyInSheet(mission: DayMission): Promise<void> {
      await page.getByRole('button', { name: `${mission.title} 인증하기` }).click();
      const sheet = page.getByRole('dialog', { name: mission.title });
      if (mission.proofType !== 'TEXT') {
        await sheet
          .locator('input[type="file"]')
          .setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: jpeg });
        await sheet.getByRole('img', { name: '사진 1 올리기 완료' }).waitFor();
      }
      await sheet.getByRole('textbox').click();
      await page.keyboard.insertText('오늘도 함께 했어요.');
      await sheet.getByRole('button', { name: '인증하기', exact: true }).click();
      await sheet.waitFor({ state: 'hidden' });
    }

    // Not the day's last: the badge it earned pops as the sheet closes, not on the next visit.
    await certifyInSheet(first!);
    const badges = page.getByRole('dialog', { name: '새 배지를 얻었어요' });
    await settled(badges);
    await badges.getByText('첫 인증').waitFor();
    await motionDone(page);
    await shot(page, 'badge-after-certify');
    await expectAccessible(page);
    const seen = page.waitForResponse(
      (response) =>
        response.url().endsWith('/user/new-badges') &&
        (response.request().postData() ?? '').includes('"seen"'),
    );
    await badges.getByRole('button', { name: '확인' }).click();
    await badges.waitFor({ state: 'hidden' });
    expect((await seen).status()).toBe(200);

    // The day's last: a real moment, with the streak as its big number.
    const { streak } = await api<{ streak: { current: number } }>(token, 'user/activity-badges');
    await certifyInSheet(last!);
    const moment = page.getByRole('dialog', { name: '오늘 미션을 모두 마쳤어요' });
    await settled(moment);
    await motionDone(page);
    const expected = Math.max(streak.current, 1);
    await moment.getByText(`${expected}일째 연속으로 인증하고 있어요.`).waitFor();
    const big = moment.locator('strong', { hasText: String(expected) });
    expect(
      Number.parseFloat(await big.evaluate((element) => getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(40);
    await shot(page, 'all-done');
    await expectAccessible(page);
    await moment.getByRole('button', { name: '확인' }).click();
    await moment.waitFor({ state: 'hidden' });
  });
});
