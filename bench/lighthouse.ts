// Lighthouse on the built app, every page a family opens (issue 30): the mobile preset (a mid-range
// phone, simulated slow 4G and CPU throttling) on /login/auth, a shared day, /home (a first visit and a
// daily one), the demo parent's challenge team (detail and ranking), /challenge, /active and /my; the
// operator console's dashboard at the desktop preset. Each page is audited `BENCH_LIGHTHOUSE_RUNS` times
// (3) and the run with the median performance score is its row.
//
// On its own, against a fresh built server (`npm run build` first):
//   npx tsx bench/lighthouse.ts                         every page
//   BENCH_LIGHTHOUSE_PAGES=home npx tsx bench/lighthouse.ts   the pages whose name matches (a regex)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_OPERATOR } from '../apps/server/src/db/seed/operators.ts';
import { totpCodeAt } from '../apps/server/src/lib/totp.ts';
import { mintSession, startServer } from '../apps/server/test/spawn-server.ts';
import { CHROMIUM_FLAGS } from '../apps/web/e2e/browser.ts';
import { mainThreadTime } from './main-thread.ts';

/** The demo parent 김하늘 (README). */
const DEMO_PARENT_KAKAO_ID = '4281937465';
/** The demo parent's challenge team of the running round (seeded). */
const DEMO_CHALLENGE_TEAM = '하늘 가족 건강단';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseRow {
  page: string;
  preset: Preset;
  /** Every run's performance score, in the order run; the row's figures are the median run's. */
  runs: number[];
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * The page's main thread in the run's own (unthrottled) trace: its tasks' wall time and CPU time, ms.
   * The simulation scales the wall time; the CPU time is the page's own work (bench/main-thread.ts).
   */
  mainThreadMs: number | null;
  mainThreadCpuMs: number | null;
  /** Σ max(0, k × CPU − 50 ms) over the same tasks (k: the preset's CPU slowdown, 4 mobile, 1 desktop). */
  blockingFromCpuMs: number | null;
  /**
   * Lighthouse's own measure of the machine it ran on (`environment.benchmarkIndex`): below 1000 it
   * warns that the host's CPU is slower than the simulation's CPU multiplier assumes, so the score
   * comes out lower than the same page would get on the host it expects.
   */
  hostBenchmarkIndex: number | null;
}

type RunResult = Omit<LighthouseRow, 'runs'> & { report: unknown; trace: unknown };

/** The flags Debian's Chromium needs to run headless as root here (README), plus a fresh profile. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * `BENCH_LIGHTHOUSE_TRACE=1` also keeps the median run's trace (`<page>.trace.json`, openable in
 * Chromium's performance panel): the unthrottled tasks Lighthouse's simulation scales, and what each
 * one did (style recalculation, a chunk's evaluation, React's render).
 */
const keepTraces = process.env.BENCH_LIGHTHOUSE_TRACE === '1';
/**
 * `BENCH_LIGHTHOUSE_CATEGORIES` adds trace categories to the runs (comma-separated), e.g.
 * `disabled-by-default-v8.cpu_profiler` for the JavaScript functions behind each task, `fonts` for
 * the font lookups inside a layout. More categories make the trace itself cost more: compare such runs
 * only with each other.
 */
const extraTraceCategories = process.env.BENCH_LIGHTHOUSE_CATEGORIES;
/**
 * `BENCH_LIGHTHOUSE_BLOCK` refuses requests in every run (comma-separated patterns), e.g. `*.woff2`:
 * a page drawn without Pretendard, to see what its faces cost the page (decision 063).
 */
const blockedUrls = process.env.BENCH_LIGHTHOUSE_BLOCK?.split(',');
const runsPerPage = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const pageFilter = process.env.BENCH_LIGHTHOUSE_PAGES ? new RegExp(process.env.BENCH_LIGHTHOUSE_PAGES) : null;
const reportsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
/**
 * This run's own directory for the pages' whole reports, `bench/results/lighthouse-<time>-<pid>/`: two
 * runs at once (helpers on one machine, a bench beside a `bench/lighthouse.ts`) no longer overwrite
 * each other's `lighthouse-<page>.json`.
 */
export const lighthouseReportsDir = path.join(
  reportsDir,
  `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`,
);

async function auditOnce(
  page: Page,
  url: string,
  name: string,
  keepStorage: boolean,
  preset: Preset,
): Promise<RunResult> {
  const result = await lighthouse(
    url,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The signed-in pages keep the tab's session (sessionStorage, the console's cookie) the sign-in left.
      disableStorageReset: keepStorage,
      ...(extraTraceCategories ? { additionalTraceCategories: extraTraceCategories } : {}),
      ...(blockedUrls ? { blockedUrlPatterns: blockedUrls } : {}),
    },
    preset === 'desktop' ? (desktopConfig as Config) : undefined,
    page,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const mainThread = mainThreadTime(
    result.artifacts.Trace as Parameters<typeof mainThreadTime>[0],
    result.lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 4,
  );
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  return {
    page: name,
    preset,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(value('total-blocking-time')),
    mainThreadMs: mainThread?.wallMs ?? null,
    mainThreadCpuMs: mainThread?.cpuMs ?? null,
    blockingFromCpuMs: mainThread?.blockingFromCpuMs ?? null,
    hostBenchmarkIndex: result.lhr.environment?.benchmarkIndex ?? null,
    report: result.lhr,
    trace: keepTraces ? result.artifacts.Trace : undefined,
  };
}

/**
 * The page audited `runsPerPage` times; its row is the run with the median performance score (ties:
 * the earlier run), and that run's whole report is written to this run's directory (which element shifted,
 * what blocked: `mainthread-work-breakdown`, `long-tasks`, `bootup-time`).
 */
async function audit(
  page: Page,
  url: string,
  name: string,
  keepStorage: boolean,
  preset: Preset = 'mobile',
): Promise<LighthouseRow> {
  const runs: RunResult[] = [];
  for (let run = 0; run < runsPerPage; run += 1)
    runs.push(await auditOnce(page, url, name, keepStorage, preset));
  const median = runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => a.run.performance - b.run.performance || a.index - b.index)[Math.floor(runs.length / 2)]!
    .run;
  fs.mkdirSync(lighthouseReportsDir, { recursive: true });
  const file = name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '');
  fs.writeFileSync(path.join(lighthouseReportsDir, `${file}.json`), JSON.stringify(median.report));
  if (median.trace)
    fs.writeFileSync(path.join(lighthouseReportsDir, `${file}.trace.json`), JSON.stringify(median.trace));
  const { report: _report, trace: _trace, ...row } = median;
  return { ...row, runs: runs.map((run) => run.performance) };
}

/**
 * Closes what /home opens, visit by visit, until a visit opens nothing: the badges popup (reported seen
 * as it closes), then each page popup hidden for today. /home greets with one popup a visit (decision
 * 025), so each needs a visit of its own.
 */
async function closeHomePopups(page: Page, homeUrl: string): Promise<void> {
  for (let visit = 0; visit < 10; visit += 1) {
    await page.goto(homeUrl, { waitUntil: 'load' });
    const dialog = await page
      .waitForSelector('[role="dialog"]', { visible: true, timeout: 5_000 })
      .catch(() => null);
    if (!dialog) return;
    const hideToday = await dialog.$('::-p-text(오늘 하루 보지 않기)');
    if (hideToday) await hideToday.click();
    else await page.keyboard.press('Escape');
    await page.waitForFunction((element) => !element.isConnected || !element.checkVisibility(), {}, dialog);
    // The badges' "seen" call is answered before the next visit (the network may stay busy with the
    // service worker's first install: a visit that still shows the badges is simply closed again).
    await page.waitForNetworkIdle({ idleTime: 300, timeout: 5_000 }).catch(() => undefined);
  }
  throw new Error('/home still opens a popup after 10 visits');
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

/** The demo parent's challenge team's page, as the app links it: `/team/{publicId}/challenge/{challengeId}/{subChallengeId}`. */
function challengeTeamPath(databaseFile: string): string {
  const db = new Database(databaseFile, { readonly: true });
  try {
    const team = db
      .prepare(
        `select t.public_id as publicId, s.challenge_id as challengeId, s.id as subChallengeId
           from teams t join sub_challenges s on s.id = t.sub_challenge_id where t.name = ?`,
      )
      .get(DEMO_CHALLENGE_TEAM) as
      { publicId: string; challengeId: number; subChallengeId: number } | undefined;
    if (!team) throw new Error(`no team ${DEMO_CHALLENGE_TEAM}`);
    return `/team/${team.publicId}/challenge/${team.challengeId}/${team.subChallengeId}`;
  } finally {
    db.close();
  }
}

/** Signs in as the demo parent through the Kakao emulator, as a person would; lands on /home. */
async function signInDemoParent(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login/auth`);
  // The page is on screen before its scripts arrive; its button works once the app drew it.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
  );
  await page.locator('::-p-aria(카카오 로그인)').click();
  await page.locator('::-p-text(김하늘)').click();
  await page.waitForFunction(() => location.pathname.startsWith('/home'), { timeout: 30_000 });
}

/** Signs in as the demo operator at /admin with password and TOTP (the server's clock is this machine's). */
async function signInDemoOperator(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.locator('::-p-aria(아이디)').fill(DEMO_OPERATOR.loginId);
  await page.locator('::-p-aria(비밀번호)').fill(DEMO_OPERATOR.password);
  await page.locator('::-p-aria(OTP 6자리)').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
  await page.locator('::-p-aria([name="로그인"][role="button"])').click();
  await page.waitForSelector('h1::-p-text(대시보드)', { timeout: 30_000 });
}

export async function runLighthouse(baseUrl: string, databaseFile: string): Promise<LighthouseRow[]> {
  const wanted = (name: string) => !pageFilter || pageFilter.test(name);
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
    const rows: LighthouseRow[] = [];
    if (wanted('/login/auth')) rows.push(await audit(page, `${baseUrl}/login/auth`, '/login/auth', false));
    if (wanted('/mission/shared/…')) rows.push(await audit(page, sharedPage, '/mission/shared/…', false));

    // The signed-in pages, in the order a person meets them.
    const team = challengeTeamPath(databaseFile);
    const signedIn: Array<[name: string, path: string]> = [
      ['/home (daily)', '/home'],
      ['/team/… (challenge team)', team],
      ['/team/…/ranking', `${team}/ranking`],
      ['/challenge', '/challenge'],
      ['/active', '/active'],
      ['/my', '/my'],
    ];
    const firstVisit = '/home (first visit)';
    if (wanted(firstVisit) || signedIn.some(([name]) => wanted(name))) {
      await signInDemoParent(page, baseUrl);
      // The first visit's popups: the demo parent's new badges, today's page popups.
      if (wanted(firstVisit)) rows.push(await audit(page, `${baseUrl}/home`, firstVisit, true));
      // The visit people make every day: those popups closed once (badges reported seen, the page
      // popups hidden for today), as a person does on the first visit.
      await closeHomePopups(page, `${baseUrl}/home`);
      for (const [name, pagePath] of signedIn)
        if (wanted(name)) rows.push(await audit(page, `${baseUrl}${pagePath}`, name, true));
    }

    // The operator console (a desk, not a phone): its dashboard at the desktop preset.
    const dashboard = '/admin (dashboard)';
    if (wanted(dashboard)) {
      await signInDemoOperator(page, baseUrl);
      rows.push(await audit(page, `${baseUrl}/admin`, dashboard, true, 'desktop'));
    }
    await browser.disconnect();
    return rows;
  } finally {
    chrome.kill();
  }
}

/** The rows as a table, one line a page (the median run; every run's performance score at the end). */
export function printLighthouse(rows: readonly LighthouseRow[]): void {
  console.info(
    `\nLighthouse (simulated throttling; mobile preset, the console at the desktop one): the median run of ${runsPerPage} by performance`,
  );
  console.info(
    [
      'page'.padEnd(36),
      'preset ',
      'perf',
      'a11y',
      'best',
      '   LCP',
      '   CLS',
      '    TBT',
      ' main: wall / CPU',
      'TBT by CPU',
      'host',
      '  runs (perf)',
    ].join('  '),
  );
  for (const row of rows) {
    console.info(
      [
        row.page.padEnd(36),
        row.preset.padEnd(7),
        String(row.performance).padStart(4),
        String(row.accessibility).padStart(4),
        String(row.bestPractices).padStart(4),
        `${(row.lcpMs / 1000).toFixed(2)}s`.padStart(6),
        row.cls.toFixed(3).padStart(6),
        `${row.tbtMs}ms`.padStart(7),
        `${row.mainThreadMs ?? '–'} / ${row.mainThreadCpuMs ?? '–'} ms`.padStart(17),
        `${row.blockingFromCpuMs ?? '–'}ms`.padStart(10),
        String(row.hostBenchmarkIndex === null ? '–' : Math.round(row.hostBenchmarkIndex)).padStart(4),
        `  ${row.runs.join('/')}`,
      ].join('  '),
    );
  }
  console.info(
    "TBT by CPU: Σ max(0, k × CPU − 50 ms) over the main thread's tasks, k the preset's CPU slowdown (4 mobile, 1 desktop); host: Lighthouse's benchmark index of this machine in the median run (it expects 1000 or more)",
  );
}

// `npx tsx bench/lighthouse.ts`: Lighthouse alone, against a fresh built server on a seeded SQLite database.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // A loaded machine may take a while to migrate and seed the database.
  const app = await startServer({ LOG_LEVEL: 'warn' }, [], 120_000);
  try {
    const rows = await runLighthouse(app.baseUrl, app.databaseFile);
    printLighthouse(rows);
    fs.mkdirSync(lighthouseReportsDir, { recursive: true });
    const outFile = path.join(lighthouseReportsDir, 'rows.json');
    fs.writeFileSync(outFile, JSON.stringify({ when: new Date().toISOString(), lighthouse: rows }, null, 2));
    console.info(
      `written: ${path.relative(process.cwd(), outFile)} (and each page's median report beside it)`,
    );
  } finally {
    await app.stop();
  }
}
