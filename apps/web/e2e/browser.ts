import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, errors, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { HANG_GUARD_MS } from '../../server/test/hang-guards.ts';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const screenshotDir = path.join(repoRoot, '.e2e-artifacts', 'screenshots');

/**
 * Debian's Chromium for the end-to-end tests, headless, with the flags this machine needs (no sandbox
 * as root, no network chatter). Most files drive Debian's `chromium-headless-shell`: the same Blink
 * and V8 without the browser around them, a third less processor time over the run (decision 056).
 * What only the whole browser has — push notifications, installing the app — is driven in Debian's
 * `chromium` (`launchBrowser({ whole: true })`, `launchProfile`). `CHROMIUM_PATH` sets the one to
 * use for everything.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const WHOLE_BROWSER = '/usr/bin/chromium';

/** The flags Debian's Chromium needs headless as root here (README); the Lighthouse bench uses them too. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

function chromiumOptions(whole: boolean) {
  const shell = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : WHOLE_BROWSER;
  return {
    executablePath: process.env.CHROMIUM_PATH ?? (whole ? WHOLE_BROWSER : shell),
    headless: true,
    args: [...CHROMIUM_FLAGS],
  };
}

/**
 * How long Chromium may take to start before it is started again, once: a hang guard (a start that
 * stalled while every phase of `npm test` shares the machine, as in CI at stop 41), far past any start
 * that is merely slow. Playwright's launch itself waits for the browser's own "listening" line.
 */
const LAUNCH_TIMEOUT_MS = HANG_GUARD_MS.start;

async function launched<T>(launch: (timeout: number) => Promise<T>): Promise<T> {
  try {
    return await launch(LAUNCH_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    console.warn(`Chromium did not start in ${LAUNCH_TIMEOUT_MS} ms; starting it again`);
    return launch(LAUNCH_TIMEOUT_MS);
  }
}

/**
 * Every context's actions, navigations and awaited responses wait as long as a loaded machine may
 * need (Playwright's own default is 30 s, which a browser at load average 30 crossed): the bound is
 * a hang guard, and what a test asserts is the page's state, never how soon it came.
 */
export function patient<T extends BrowserContext>(context: T): T {
  context.setDefaultTimeout(HANG_GUARD_MS.step);
  context.setDefaultNavigationTimeout(HANG_GUARD_MS.step);
  return context;
}

/** `whole`: the whole browser, for what the headless shell lacks (push notifications). */
export async function launchBrowser(options: { whole?: boolean } = {}): Promise<Browser> {
  return launched((timeout) => chromium.launch({ ...chromiumOptions(options.whole ?? false), timeout }));
}

/**
 * The same Chromium with a real (not incognito) profile in `userDataDir`, phone-sized: what only a
 * profile has, such as installing the app (decision 046).
 */
export async function launchProfile(userDataDir: string): Promise<BrowserContext> {
  return patient(
    await launched((timeout) =>
      chromium.launchPersistentContext(userDataDir, {
        ...chromiumOptions(true),
        timeout,
        viewport: { width: 360, height: 740 },
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      }),
    ),
  );
}

/** The web app's record of "오늘 하루 보지 않기" (apps/web/src/features/home/popup-rules.ts). */
export const POPUP_DISMISSALS_KEY = 'hamkke.popupDismissals';

/**
 * The server's clock and its Asia/Seoul day (`/v1/health`): a test compares against the day the
 * server it drives is on, never one computed from this machine's clock (a server may run from
 * `CLOCK_START`, and a test may cross Seoul's midnight between two readings).
 */
export async function serverClock(baseURL: string): Promise<{ now: Date; today: string }> {
  const answer = await fetch(`${baseURL}/v1/health`);
  const body = (await answer.json()) as { now: string; today: string };
  return { now: new Date(body.now), today: body.today };
}

/** The server's "today", `YYYY-MM-DD` (Asia/Seoul). */
export async function serverToday(baseURL: string): Promise<string> {
  return (await serverClock(baseURL)).today;
}

/**
 * The browser's clock set to the server's when they differ (a server started from `CLOCK_START`):
 * the app's "today" and its session clock then agree with the server's. The page's timers keep
 * running at their real pace.
 */
async function followServerClock(context: BrowserContext, baseURL: string): Promise<void> {
  const readAt = Date.now();
  const { now } = await serverClock(baseURL);
  // The server's time as of the install, not of the read: however slowly the read came back.
  const offset = now.getTime() - readAt;
  if (Math.abs(offset) > 60_000) await context.clock.install({ time: Date.now() + offset });
}

/** Anything the Content-Security-Policy blocks is kept, for expectAccessible to report. */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/**
 * Keeps the body size of every request the page sends with XMLHttpRequest (the photo upload), as the
 * browser counts it for the upload's progress events: the bytes that went over the wire's body.
 */
export async function recordUploadSizes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sizes: number[] = [];
    (window as unknown as { __uploadSizes: number[] }).__uploadSizes = sizes;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      this.upload.addEventListener('load', (event) => sizes.push(event.total));
      send.call(this, body);
    };
  });
}

/** The body sizes {@link recordUploadSizes} kept, in the order the uploads finished sending. */
export function uploadSizes(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __uploadSizes?: number[] }).__uploadSizes ?? []);
}

/** A desktop-sized, Korean, Seoul-time context (the operator console is desktop-first). */
export async function desktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  patient(context);
  await recordCspViolations(context);
  await followServerClock(context, baseURL);
  return context;
}

/**
 * A phone-sized, Korean, Seoul-time browser context (a fresh profile each time). Today's page popups
 * start dismissed, as for a returning person, so they never cover what a test clicks; a popup test
 * asks for `popups: 'shown'`. The service worker (decision 046) is blocked unless a test asks for it
 * (`serviceWorker: 'allow'`): its precaching would be one more download racing each test's steps,
 * and what it does is tested on its own (pwa.e2e.test.ts).
 */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: { popups?: 'dismissed' | 'shown'; serviceWorker?: 'allow' | 'block'; userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: options.serviceWorker ?? 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  patient(context);
  await recordCspViolations(context);
  await followServerClock(context, baseURL);
  if ((options.popups ?? 'dismissed') === 'dismissed') {
    const answer = await fetch(`${baseURL}/v1/api/front/home/popup-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { response } = (await answer.json()) as { response: Array<{ popupId: string }> };
    // Dismissed for the day the page is on when it loads (its own clock, as the app reads it), so a
    // test that crosses Seoul's midnight still finds them dismissed.
    await context.addInitScript(
      ([key, popupIds]) => {
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
        const kept = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, string>;
        for (const id of popupIds) kept[id] = today;
        window.localStorage.setItem(key, JSON.stringify(kept));
      },
      [POPUP_DISMISSALS_KEY, response.map((popup) => popup.popupId)] as const,
    );
  }
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page and returns its violations (WCAG 2.x A/AA rules). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated (not a <script> tag), so the page's Content-Security-Policy does not block it.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<any> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n: any) => ({ target: n.target })),
    }));
  });
}
