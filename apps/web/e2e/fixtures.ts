import type { DayMission } from '@hamkke/contract/mission/mission';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeJpeg } from '../../server/test/images.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { axeViolations, desktopContext, launchBrowser, phoneContext } from './browser.ts';

/** Shared steps of the end-to-end tests: logging in through the Kakao emulator, as a person does. */

/** The emulator's login page (apps/server/src/kakao/emulator/page.ts). */
export const EMULATOR_PAGE = /\/_emulator\/kakao\/oauth\/authorize/;

/** No axe violations, and nothing on the page blocked by the Content-Security-Policy. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  const blocked = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  expect(blocked).toEqual([]);
}

/**
 * Waits until the app has drawn the page's `main` itself (React marks the nodes it made): a page the
 * server sent already drawn (the login page, a shared day) is on screen before its scripts arrive,
 * and its buttons do something only from then.
 */
export async function appDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** /login/auth → 카카오 로그인 → the emulator's page. */
export async function openKakaoLogin(page: Page): Promise<void> {
  await page.goto('/login/auth');
  await appDrawn(page);
  await page.getByRole('button', { name: '카카오 로그인' }).click();
  await page.waitForURL(EMULATOR_PAGE);
}

/**
 * The demo parent 김하늘 (a pin user) through the emulator, landing on /home. The demo data leaves
 * her one new badge, whose popup covers /home once: closed here unless the test is about it.
 */
export async function logInDemoParent(
  page: Page,
  options: { newBadges?: 'close' | 'keep' } = {},
): Promise<void> {
  const badges = page.waitForResponse((response) => response.url().endsWith('/user/new-badges'));
  await openKakaoLogin(page);
  await page.getByRole('button', { name: /김하늘/ }).click();
  await page.waitForURL('**/home**');
  if ((options.newBadges ?? 'close') === 'close') await closeNewBadges(page, await badges);
}

/** Closes the badges reward popup /home opened, if the answer it came from had new badges. */
export async function closeNewBadges(page: Page, answer: Response): Promise<void> {
  const { response } = (await answer.json()) as { response: { badges: unknown[] } };
  if (response.badges.length === 0) return;
  const dialog = page.getByRole('dialog', { name: '새 배지를 얻었어요' });
  // Closing reports the badges seen; a test that navigates at once would cancel that call and meet
  // the popup again on its next /home (seen under a loaded machine), so the answer is waited for.
  const seen = page.waitForResponse(
    (response) =>
      response.url().endsWith('/user/new-badges') && (response.request().postData() ?? '').includes('"seen"'),
  );
  // A click waits for the button to be stable (works in hooks too, unlike expect.poll).
  await dialog.getByRole('button', { name: '확인' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await seen).status()).toBe(200);
}

/** The seeded demo child 김별 (README). */
export const DEMO_CHILD = { id: 'demo-child', password: 'demo-pass-1234' } as const;

/** The demo child through /login/children (auto-login left as the page offers it), landing on /home. */
export async function logInDemoChild(page: Page): Promise<void> {
  await page.goto('/login/children');
  await page.getByLabel('아이디', { exact: true }).fill(DEMO_CHILD.id);
  await page.getByLabel('비밀번호', { exact: true }).fill(DEMO_CHILD.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL('**/home');
}

/** The session as the web app keeps it (sessionStorage `user`), or `null` when nobody is logged in. */
export async function storedSession(page: Page): Promise<Record<string, any> | null> {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('user'));
  return raw ? (JSON.parse(raw) as { state: Record<string, any> }).state : null;
}

/** The access token the server issued to the page's logged-in person, for the test's own API calls. */
export async function accessToken(page: Page): Promise<string> {
  const token = (await storedSession(page))?.tokens?.access?.token;
  expect(typeof token).toBe('string');
  return token as string;
}

/**
 * A new adult signs up from the page they are on: the caller brings the page to the emulator (by
 * /login/auth or a redirect), this fills the emulator's form, consents and starts.
 */
export async function signUpAtEmulator(page: Page, name: string): Promise<void> {
  await page.getByLabel('이름').fill(name);
  await page.getByLabel('생년월일').fill('1986-05-05');
  await page.getByLabel('전화번호 (선택)').fill('010-3333-4444');
  await page.getByRole('radio', { name: '동의' }).check();
  await page.getByRole('button', { name: '만들고 로그인' }).click();
  await page.waitForURL('**/login/agreement');
  await page.getByRole('checkbox', { name: /전체 동의/ }).click();
  await page.getByRole('button', { name: '동의하고 시작하기' }).click();
}

/** The h1 of the page, once it shows. */
export async function heading(page: Page): Promise<string | null> {
  return page.getByRole('heading', { level: 1 }).textContent();
}

/** Base UI toasts are non-modal dialogs; their text is enough to find them. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/**
 * Waits until nothing on the page moves: no Base UI element entering or leaving, no CSS transition
 * or finite animation running (endless ones, such as the skeleton shimmer, do not count). Screenshots
 * and axe then see the final state of an opening sheet or panel. Polled as long as the e2e project's
 * `expect.poll` allows (a hang guard): a loaded machine draws the same motion, only later.
 */
export async function motionDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelectorAll('[data-starting-style], [data-ending-style]').length +
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            ).length,
      ),
    )
    .toBe(0);
}

/** Waits until a dialog finished its opening motion: axe measures contrast on what it sees. */
export async function settled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

/**
 * The `main` the server sent in `html` and the one the app has drawn on `page`, each as canonical
 * markup (attributes in name order, as React sets an image's src last; comments, the server's text
 * separators, left out): equal when the app's first render drew the server's page again.
 */
export async function servedAndDrawnMain(page: Page, html: string): Promise<[string | null, string | null]> {
  return page.evaluate((shell) => {
    const canonical = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const element = node as Element;
      // The app's mission and badge icons arrive after the first paint, each in place of an empty box
      // of its size (shared/ui/app-icons.tsx): a box and its drawing are the same thing here.
      if (element.hasAttribute('data-app-icon-pending') || element.hasAttribute('data-app-icon')) {
        return '<app-icon></app-icon>';
      }
      const attributes = Array.from(element.attributes)
        .map((attribute) => `${attribute.name}="${attribute.value}"`)
        .sort()
        .join(' ');
      const children = Array.from(element.childNodes).map(canonical).join('');
      return `<${element.localName} ${attributes}>${children}</${element.localName}>`;
    };
    const served = new DOMParser().parseFromString(shell, 'text/html').querySelector('#root main');
    const live = document.querySelector('main');
    return [served && canonical(served), live && canonical(live)];
  }, html);
}

/**
 * When `page` was first painted with content and when it first asked for a script, in ms since its
 * navigation, from the browser's own timing entries (`null` when there was no such paint or script).
 */
export async function paintAndFirstScript(
  page: Page,
): Promise<{ paint: number | null; firstScript: number | null }> {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime);
    return { paint, firstScript: scripts.length > 0 ? Math.min(...scripts) : null };
  });
}

/**
 * POSTs to a front API endpoint as the person of `token` (null: signed out): the answer's
 * `response`; an answer other than 2xx throws with its status and body.
 */
export async function frontApi<T>(
  baseUrl: string,
  token: string | null,
  endpoint: string,
  body: unknown = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/v1/api/front/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { response?: T };
  if (!response.ok) throw new Error(`${endpoint}: ${response.status} ${JSON.stringify(json)}`);
  return json.response as T;
}

/** Uploads a fresh JPEG as the person of `token`, as the app does: its file id. */
export async function uploadJpeg(baseUrl: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makeJpeg())], { type: 'image/jpeg' }), 'p.jpg');
  const upload = await fetch(`${baseUrl}/v1/api/front/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { response } = (await upload.json()) as { response: { data: { fileId: string } } };
  return response.data.fileId;
}

/**
 * Certifies `mission` afresh as the person of `token` (an earlier certification of it deleted), with
 * a new photo unless it is a text mission.
 */
export async function certifyAfresh(
  baseUrl: string,
  token: string,
  mission: DayMission,
  contentHtml: string,
): Promise<void> {
  if (mission.certified) {
    await frontApi(baseUrl, token, 'home/delete-mission-certification', {
      certificationId: mission.certificationId,
    });
  }
  const fileIds = mission.proofType === 'TEXT' ? [] : [await uploadJpeg(baseUrl, token)];
  await frontApi(baseUrl, token, 'home/mission-certification', {
    missionId: mission.missionId,
    contentHtml,
    fileIds,
  });
}

/** A suite's server and Chromium, and pages in contexts that close with them ({@link useBrowserSuite}). */
export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a new phone context ({@link phoneContext}); `clipboard`: allowed to read and write it. */
  phonePage(options?: Parameters<typeof phoneContext>[2] & { clipboard?: boolean }): Promise<Page>;
  /** A page in a new desktop context ({@link desktopContext}). */
  desktopPage(): Promise<Page>;
  /** Closes `context` with the suite's own (for one a test opened itself). */
  keep<T extends BrowserContext>(context: T): T;
}

/**
 * A server (with `env`) and Chromium started before a suite's tests; after them, every context
 * opened through the suite, the browser and the server are closed. The object reads through to
 * them once started.
 */
export function useBrowserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });
  const started = () => {
    if (!server || !browser) throw new Error('the suite starts its server and browser in beforeAll');
    return { server, browser };
  };
  const keep = <T extends BrowserContext>(context: T): T => {
    contexts.push(context);
    return context;
  };
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    async phonePage({ clipboard = false, ...options } = {}) {
      const { server, browser } = started();
      const context = keep(await phoneContext(browser, server.baseUrl, options));
      if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      return context.newPage();
    },
    async desktopPage() {
      const { server, browser } = started();
      return keep(await desktopContext(browser, server.baseUrl)).newPage();
    },
    keep,
  };
}
