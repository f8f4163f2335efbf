// Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and CPU throttling) on the built app:
// /login/auth, /home signed in as the demo parent, and a shared mission page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mintSession } from '../apps/server/test/spawn-server.ts';

/** The demo parent 김하늘 (README). */
const DEMO_PARENT_KAKAO_ID = '4281937465';

/**
 * `simulate` (issue 12's measure): Lighthouse loads the page unthrottled and estimates a slow 4G phone
 * from that trace. `devtools`: the page is loaded through the same throttling applied by Chromium
 * (150 ms round trips, 1.6 Mbps, CPU 4× slower), measured as it happens.
 */
export type Throttling = 'simulate' | 'devtools';

export interface LighthouseRow {
  page: string;
  throttling: Throttling;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** The flags Debian's Chromium needs to run headless as root here (README), plus a fresh profile. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function audit(
  page: Page,
  url: string,
  name: string,
  keepStorage: boolean,
  throttling: Throttling = 'simulate',
): Promise<LighthouseRow> {
  const result = await lighthouse(
    url,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      throttlingMethod: throttling,
      // The signed-in page keeps the tab's session (sessionStorage) that the sign-in left.
      disableStorageReset: keepStorage,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  // The whole report, for the details behind a score (which element shifted, what blocked).
  const reports = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(reports, { recursive: true });
  fs.writeFileSync(
    path.join(
      reports,
      `lighthouse-${name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}${throttling === 'devtools' ? '-applied' : ''}.json`,
    ),
    JSON.stringify(result.lhr),
  );
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  return {
    page: name,
    throttling,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(value('total-blocking-time')),
  };
}

/** Closes what /home opens on a visit: each page popup hidden for today, the badges popup closed. */
async function closeHomePopups(page: Page): Promise<void> {
  await page.goto(page.url(), { waitUntil: 'load' });
  for (let popup = 0; popup < 10; popup += 1) {
    const dialog = await page
      .waitForSelector('[role="dialog"]', { visible: true, timeout: 5_000 })
      .catch(() => null);
    if (!dialog) return;
    const hideToday = await dialog.$('::-p-text(오늘 하루 보지 않기)');
    if (hideToday) await hideToday.click();
    else await page.keyboard.press('Escape');
    await page.waitForFunction((element) => !element.isConnected || !element.checkVisibility(), {}, dialog);
  }
}

/** The demo parent's latest day with certifications, shared as the app shares it: `/mission/shared/{uuid}/{date}`. */
async function sharedPagePath(baseUrl: string, databaseFile: string): Promise<string> {
  const parent = mintSession(databaseFile, { kakaoId: DEMO_PARENT_KAKAO_ID });
  const db = new Database(databaseFile, { readonly: true });
  const day = (() => {
    try {
      return (
        db
          .prepare('select max(certified_on) as day from mission_certifications where user_id = ?')
          .get(parent.userId) as {
          day: string | null;
        }
      ).day;
    } finally {
      db.close();
    }
  })();
  if (!day) throw new Error('the demo parent has no certification');
  const res = await fetch(`${baseUrl}/v1/api/front/mission/mission-certify-uuid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${parent.token}` },
    body: JSON.stringify({ date: day }),
  });
  if (!res.ok) throw new Error(`mission-certify-uuid answered ${res.status}`);
  const { response } = (await res.json()) as { response: { uuid: string } };
  return `/mission/shared/${response.uuid}/${day}`;
}

export async function runLighthouse(baseUrl: string, databaseFile: string): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    // One visit first: a fresh container's Chromium spends about a second finding its Korean font on
    // the first page it draws (a phone has its fonts ready), which moved /login/auth's first paint
    // from 0.17 s to 1.2 s in the unthrottled trace Lighthouse simulates from. And a shared day: the
    // server loads the code it draws one with at the first (0.1 s, once in its life).
    const sharedPage = `${baseUrl}${await sharedPagePath(baseUrl, databaseFile)}`;
    await page.goto(`${baseUrl}/login/auth`, { waitUntil: 'load' });
    await page.goto(sharedPage, { waitUntil: 'load' });
    const rows = [await audit(page, `${baseUrl}/login/auth`, '/login/auth', false)];
    rows.push(await audit(page, sharedPage, '/mission/shared/…', false));
    // The same two loaded through applied throttling: the simulation counts every script that finished
    // before the observed first paint as holding it back, which on localhost is all of them.
    rows.push(await audit(page, `${baseUrl}/login/auth`, '/login/auth', false, 'devtools'));
    rows.push(await audit(page, sharedPage, '/mission/shared/…', false, 'devtools'));

    // Sign in as the demo parent through the Kakao emulator, as a person would.
    await page.goto(`${baseUrl}/login/auth`);
    // The page is on screen before its scripts arrive; its button works once the app drew it.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
    );
    await page.locator('::-p-aria(카카오 로그인)').click();
    await page.locator('::-p-text(김하늘)').click();
    await page.waitForFunction(() => location.pathname.startsWith('/home'), { timeout: 30_000 });
    // The first visit's popups: the demo parent's new badges, today's page popups.
    const firstVisit = await audit(page, `${baseUrl}/home`, '/home (signed in, first visit)', true);
    await closeHomePopups(page);
    rows.push(firstVisit);
    // The visit people make every day: those popups closed once (badges reported seen, the page
    // popups hidden for today), as a person does on the first visit.
    rows.push(await audit(page, `${baseUrl}/home`, '/home (signed in, daily)', true));
    rows.push(await audit(page, `${baseUrl}/home`, '/home (signed in, daily)', true, 'devtools'));
    await browser.disconnect();
    return rows;
  } finally {
    chrome.kill();
  }
}
