import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import {
  accessToken,
  expectAccessible,
  logInDemoChild,
  logInDemoParent,
  motionDone,
  toast,
} from './fixtures.ts';

/**
 * Issue 29 item 2, reminders (decision 047): /my's 알림 card, and the service worker's `push` and
 * `notificationclick` handlers — the DevTools protocol delivers a push message to the registered
 * worker, as a push service would after the server's encrypted POST.
 */
describe('push reminders in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ whole: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  async function newContext() {
    const context = await phoneContext(browser, server.baseUrl, { serviceWorker: 'allow' });
    contexts.push(context);
    return context;
  }

  /** Waits until the service worker controls the page, reloading once (a first visit is not controlled). */
  async function controlled(page: Page): Promise<void> {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  it("/my's 알림 card: this device, each kind and the daily time; never asked on first load", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    await page.exposeFunction('__permissionAsked', (what: string) => asked.push(what));
    await page.addInitScript(() => {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        void (window as unknown as { __permissionAsked: (what: string) => void }).__permissionAsked('asked');
        return original(...args);
      };
    });
    await logInDemoParent(page);
    await page.goto('/my');
    const card = page.getByRole('region', { name: '알림 설정' });
    await card.getByRole('button', { name: '이 기기에서 알림 받기' }).waitFor();
    const daily = card.getByRole('checkbox', { name: '매일 미션 알림' });
    expect(await daily.isChecked()).toBe(true);
    expect(await card.getByLabel('알림 시간').inputValue()).toBe('20:00');
    expect(asked).toEqual([]);

    await card.getByRole('checkbox', { name: '팀원 가족이 오늘 미션을 마쳤을 때' }).uncheck();
    await toast(page, '알림 설정을 저장했어요');
    await card.getByLabel('알림 시간').fill('21:30');
    await toast(page, '알림 설정을 저장했어요');
    await page.reload();
    await card.getByRole('checkbox', { name: '매일 미션 알림' }).waitFor();
    expect(await card.getByRole('checkbox', { name: '팀원 가족이 오늘 미션을 마쳤을 때' }).isChecked()).toBe(
      false,
    );
    expect(await card.getByLabel('알림 시간').inputValue()).toBe('21:30');
    await card.scrollIntoViewIfNeeded();
    await motionDone(page);
    await screenshot(page, 'push-settings');
    await expectAccessible(page);
    // Its worker's registration has the same scope as the next test's: gone before that one looks.
    await context.close();
  });

  it("the worker's push shows the notification, and a tap on it opens the deep link in the app's window", async () => {
    const context = await newContext();
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    const page = await context.newPage();
    await logInDemoParent(page);
    await controlled(page);

    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const registration = registrations.find((entry) => entry.scopeURL === `${server.baseUrl}/`)!;

    const payload = {
      kind: 'teamDone',
      title: '팀원 가족이 오늘 미션을 마쳤어요',
      body: '우리 가족도 오늘 미션을 함께 끝내 볼까요?',
      url: '/active',
      tag: 'teamDone:2026-11-26',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          data: notification.data as unknown,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: '/active', kind: 'teamDone' },
      },
    ]);

    // A tap: the browser fires notificationclick in the worker with the notification.
    const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js'))!;
    await worker.evaluate(async () => {
      // In the worker's scope (its types are not this file's).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await page.waitForURL('**/active');
    expect(new URL(page.url()).pathname).toBe('/active');
    await expect.poll(shown).toEqual([]);
  });

  /**
   * The demo child as before a first certification: the first-certification badge not earned, a TEXT
   * mission left uncertified (freed through the API when the seed took it), on a device never asked.
   * Records each time the page asks the browser's permission.
   */
  async function beforeFirstCertification() {
    const db = new Database(server.databaseFile);
    try {
      db.prepare(
        `delete from user_badges where user_id = (select id from users where login_id = 'demo-child')
           and badge_id in (select id from badge_rules where kind = 'FIRST_CERTIFICATION')`,
      ).run();
    } finally {
      db.close();
    }
    const context = await newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    await page.exposeFunction('__permissionAsked', (what: string) => asked.push(what));
    await page.addInitScript(() => {
      Notification.requestPermission = async () => {
        void (window as unknown as { __permissionAsked: (what: string) => void }).__permissionAsked('asked');
        return 'default';
      };
    });
    await logInDemoChild(page);
    const token = await accessToken(page);
    const call = async <T>(endpoint: string, body: unknown = {}) => {
      const response = await fetch(`${server.baseUrl}/v1/api/front/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { response: T }).response;
    };
    type Mission = { title: string; proofType: string; certified: boolean; certificationId: string | null };
    const { missions } = await call<{ missions: Mission[] }>('home/mission-list');
    const mission = missions.find((entry) => entry.proofType === 'TEXT')!;
    if (mission.certified)
      await call('home/delete-mission-certification', { certificationId: mission.certificationId });
    const offer = page.getByRole('region', { name: '내일도 잊지 않게 알려 드릴까요?' });
    /** Certifies the TEXT mission from /home's sheet, as a person does. */
    const certify = async () => {
      await page.getByRole('button', { name: `${mission.title} 인증하기` }).click();
      const sheet = page.getByRole('dialog', { name: mission.title });
      await sheet.getByRole('textbox', { name: '인증 글 (필수)' }).click();
      await page.keyboard.type('오늘도 해냈어요.');
      await sheet.getByRole('button', { name: '인증하기', exact: true }).click();
      await toast(page, '인증했어요');
    };
    return { page, asked, offer, certify };
  }

  /**
   * Waits for the offer behind the celebrations: once its card is in the page, every popup the
   * certification opens is open or queued (they are opened before the card's code arrives). They are
   * modal, so the card is hidden from assistive technology until they are closed, as a person would.
   */
  async function offerAfterCelebrations(page: Page, offer: Locator) {
    await page.locator('section[aria-labelledby="push-offer-title"]').waitFor({ state: 'attached' });
    await page.getByText('인증했어요', { exact: true }).waitFor({ state: 'hidden' });
    for (let step = 0; step < 3; step += 1) {
      const dialog = page.getByRole('dialog').first();
      if (!(await dialog.isVisible())) break;
      // This popup's own element: the next one in the queue may take its place at once.
      const shown = await dialog.elementHandle();
      await dialog
        .getByRole('button', { name: /^(확인|닫기)$/ })
        .last()
        .click();
      await shown?.waitForElementState('hidden');
    }
    await offer.waitFor();
  }

  it('offers reminders after a first certification only, and asks the browser only on 알림 받기', async () => {
    const { page, asked, offer, certify } = await beforeFirstCertification();
    expect(await offer.count()).toBe(0);
    await page.goto('/home');
    await certify();
    await offerAfterCelebrations(page, offer);
    // A child's reminders follow their parent's choices: the offer does not send them to /my's
    // settings, which only the parent changes (issue 45 item 9).
    expect(await offer.innerText()).toContain('오늘 미션이 남아 있으면 보호자가 정한 시간에 알려 드려요.');
    expect(await offer.innerText()).not.toContain('마이에서');
    await motionDone(page);
    await screenshot(page, 'push-offer');
    await expectAccessible(page);
    expect(asked).toEqual([]);

    await offer.getByRole('button', { name: '알림 받기' }).click();
    await offer.waitFor({ state: 'hidden' });
    expect(asked).toEqual(['asked']);
    expect(await page.evaluate(() => localStorage.getItem('hamkke.pushOfferAnswered'))).toBe('1');
  });

  it("offers reminders when /home's own late read was answered the first certification's badge", async () => {
    const { page, asked, offer, certify } = await beforeFirstCertification();
    // The greeting's read of the new badges reaches the server only after the certification was
    // stored (a slow network): the server answers each badge once, so that read gets the badge and
    // the read after the certification gets none.
    let certified!: () => void;
    const stored = new Promise<void>((resolve) => (certified = resolve));
    let held = 0;
    await page.route('**/v1/api/front/user/new-badges', async (route) => {
      held += 1;
      if (held === 1) await stored;
      await route.continue();
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/home/mission-certification') && response.ok()) certified();
    });
    await page.goto('/home');
    await certify();
    // The badge comes in the greeting's answer, and the offer with it.
    await page.getByRole('dialog', { name: '새 배지를 얻었어요' }).waitFor();
    await offerAfterCelebrations(page, offer);
    expect(held).toBeGreaterThanOrEqual(2);
    await offer.getByRole('button', { name: '괜찮아요' }).click();
    await offer.waitFor({ state: 'hidden' });
    expect(asked).toEqual([]);
  });
});
