import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DayMission } from '@hamkke/contract/mission/mission';
import { needsPhoto, needsText } from '@hamkke/contract/mission/proof';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../server/test/images.ts';
import { phoneContext } from './browser.ts';
import os from 'node:os';
import {
  accessToken,
  expectAccessible,
  logInDemoChild,
  logInDemoParent,
  storedSession,
  toast,
  useBrowserSuite,
} from './fixtures.ts';

const shotDir = '/tmp/shots-sessions';
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`) });
}

/** Issue 25 item 3: sessions that behave like a person expects. */
describe('sessions in Chromium (issue 25)', () => {
  const suite = useBrowserSuite();

  const newContext = async () => suite.keep(await phoneContext(suite.browser, suite.server.baseUrl));

  const autoLoginCookie = async (context: BrowserContext) =>
    (await context.cookies()).find((cookie) => cookie.name === 'autoLogin') ?? null;

  /** The session in this tab's sessionStorage, rewritten to end `inMs` from now; then the tab reloads. */
  const expireIn = async (page: Page, inMs: number) => {
    await page.evaluate((ms) => {
      const stored = JSON.parse(window.sessionStorage.getItem('user')!) as {
        state: { tokens: { access: { expires: number } } };
      };
      stored.state.tokens.access.expires = Date.now() + ms;
      window.sessionStorage.setItem('user', JSON.stringify(stored));
    }, inMs);
    await page.reload();
  };

  it('sends a signed-in person who opens /login/auth or /login/children to /home', async () => {
    const page = await (await newContext()).newPage();
    await logInDemoParent(page);
    await page.goto('/login/auth');
    await page.waitForURL('**/home');
    await page.goto('/login/children');
    await page.waitForURL('**/home');
    expect((await storedSession(page))?.userInfo?.userNm).toBe('김하늘');
  });

  it('brings a child back with the autoLogin cookie on / and on any protected path, not only /login/children', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await logInDemoChild(first);
    expect(await autoLoginCookie(context)).not.toBeNull();
    // Every tab closed: no tab is left to hand its session over; only the cookie can sign the child in.
    await first.close();

    const root = await context.newPage();
    await root.goto('/');
    await root.waitForURL('**/home');
    expect((await storedSession(root))?.userInfo?.userType).toBe('CHILD');
    await root.close();

    const deep = await context.newPage();
    await deep.goto('/active');
    await deep.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(deep.url()).pathname).toBe('/active');
    expect((await storedSession(deep))?.userInfo?.userType).toBe('CHILD');
  });

  it('gives a new tab the session of a signed-in tab, ends it in every tab at logout, and not after every tab closed', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await logInDemoParent(first);

    // A link opened in a new tab (a KakaoTalk link, say): no new login.
    const second = await context.newPage();
    await second.goto('/team');
    await second.waitForURL('**/team**');
    expect(new URL(second.url()).pathname).toBe('/team');
    expect((await storedSession(second))?.userInfo?.userNm).toBe('김하늘');
    expect(await accessToken(second)).toBe(await accessToken(first));

    // Logout in one tab ends the session in the other.
    await first.goto('/my');
    await first.getByRole('button', { name: '로그아웃' }).click();
    await first
      .getByRole('alertdialog', { name: '로그아웃할까요?' })
      .getByRole('button', { name: '로그아웃' })
      .click();
    await first.waitForURL('**/login/auth?reason=logged_out');
    await second.waitForURL('**/login/auth?reason=logged_out');
    expect(await storedSession(second)).toBeNull();

    // Signed in again, then every tab closed: the session is gone (sessionStorage stays the store).
    await logInDemoParent(first);
    await first.close();
    await second.close();
    const later = await context.newPage();
    await later.goto('/home');
    await later.waitForURL('**/login/auth');
    expect(await storedSession(later)).toBeNull();
  });

  it('warns five and one minute before the end, politely, and offers 연장하기', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await logInDemoParent(page);
    // /active keeps the session's expiry as it is (no extension on a visit), so the test sets it.
    await page.goto('/active');
    // The page's clock stands still from here (its timers run on): each warning stays due for as long
    // as this machine takes to draw it and the test to answer it, never running out meanwhile.
    await page.clock.setFixedTime(Date.now());
    await expireIn(page, 4 * 60_000 + 30_000);
    const warning = page.getByRole('region', { name: '로그인 연장 안내' });
    await warning.getByRole('status').filter({ hasText: '로그인이 5분 뒤에 끝나요' }).waitFor();
    await shot(page, 'session-warning-5min-360');
    await expectAccessible(page);

    // The server's new expiry, an hour from when it answered, counted from before the tap (so the
    // time this machine takes between the tap and the read below is not counted against it).
    const tapped = Date.now();
    const extended = page.waitForResponse((response) => response.url().endsWith('/login/extend-token'));
    await warning.getByRole('button', { name: '연장하기' }).click();
    expect((await extended).status()).toBe(200);
    await toast(page, '로그인을 1시간 연장했어요.');
    await expect.poll(() => warning.getByRole('button', { name: '연장하기' }).count()).toBe(0);
    const expires = (await storedSession(page))?.tokens?.access?.expires as number;
    expect(expires - tapped).toBeGreaterThan(55 * 60_000);

    await expireIn(page, 50_000);
    await warning.getByRole('status').filter({ hasText: '로그인이 1분 뒤에 끝나요' }).waitFor();
    await shot(page, 'session-warning-1min-360');
    // 닫기 puts it away until the next mark.
    await warning.getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => warning.getByRole('button', { name: '연장하기' }).count()).toBe(0);
  });

  it('counts typing in the certify sheet as activity: it asks for the extension itself', async () => {
    const context = await newContext();
    await context.clock.install();
    const page = await context.newPage();
    await logInDemoParent(page);
    const token = await accessToken(page);
    const answer = await fetch(`${suite.server.baseUrl}/v1/api/front/home/mission-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const { missions } = ((await answer.json()) as { response: { missions: DayMission[] } }).response;
    const mission = missions.find((m) => !m.certified && needsText(m.proofType));
    expect(mission).toBeDefined();
    await page.getByRole('button', { name: `${mission!.title} 인증하기` }).click();
    const sheet = page.getByRole('dialog', { name: mission!.title });
    await sheet.getByRole('textbox', { name: /인증 글/ }).click();
    // Ten quiet minutes in the sheet: fifty are left, and nothing has asked for more.
    await page.clock.fastForward('10:00');
    const extended = page.waitForResponse((response) => response.url().endsWith('/login/extend-token'));
    await page.keyboard.type('오늘은 줄넘기를 했어요.');
    expect((await extended).status()).toBe(200);
  });

  it('keeps a certification draft, text and uploaded photo, through an expiry and the next login; logout discards it', async () => {
    const context = await newContext();
    // The page's clock is Playwright's, at the real pace: the session's end comes when the test moves
    // it there, after the draft is written, not when this machine's writing of it runs out of time.
    await context.clock.install();
    const page = await context.newPage();
    await logInDemoParent(page);
    const token = await accessToken(page);
    const answer = await fetch(`${suite.server.baseUrl}/v1/api/front/home/mission-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const { missions } = ((await answer.json()) as { response: { missions: DayMission[] } }).response;
    const mission = missions.find((m) => !m.certified && needsText(m.proofType) && needsPhoto(m.proofType));
    expect(mission).toBeDefined();
    const openSheet = async () => {
      await page.getByRole('button', { name: `${mission!.title} 인증하기` }).click();
      const sheet = page.getByRole('dialog', { name: mission!.title });
      await sheet.waitFor();
      return sheet;
    };

    // The session will end in 30 minutes and nothing extends it (spec §4: extension errors are
    // ignored). The test moves the page's clock past that end once the draft is written.
    await page.route('**/login/extend-token', (route) => route.abort());
    await expireIn(page, 30 * 60_000);
    const sheet = await openSheet();
    const jpegFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sessions-')), 'book.jpg');
    fs.writeFileSync(jpegFile, await makeJpeg({ width: 800, height: 600 }));
    await sheet.locator('input[type="file"]').setInputFiles(jpegFile);
    await sheet.getByRole('img', { name: '사진 1 올리기 완료' }).waitFor();
    await sheet.getByRole('textbox', { name: /인증 글/ }).click();
    await page.keyboard.type('오늘은 책을 스무 쪽 읽었어요.');
    // The sheet keeps its draft on the device as it is written (certify-sheet.tsx): kept before the end.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(window.localStorage)
            .filter((key) => key.startsWith('hamkke.certifyDrafts.'))
            .map((key) => window.localStorage.getItem(key))
            .join('\n'),
        ),
      )
      .toContain('오늘은 책을 스무 쪽 읽었어요.');
    await page.clock.fastForward('30:00');
    await page.waitForURL('**/login/auth?reason=session_expired');
    await page.unroute('**/login/extend-token');

    // The same person logs in again on this device: the sheet opens with what was written.
    await logInDemoParent(page);
    const again = await openSheet();
    await again.getByText('쓰던 내용을 불러왔어요. 이어서 써 보세요.').waitFor();
    await expect
      .poll(() => again.getByRole('textbox', { name: /인증 글/ }).textContent())
      .toBe('오늘은 책을 스무 쪽 읽었어요.');
    await again.getByRole('img', { name: '사진 1 올리기 완료' }).waitFor();
    await shot(page, 'session-draft-restored-360');

    // Logout discards it: the next login starts empty.
    await page.goto('/my');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page
      .getByRole('alertdialog', { name: '로그아웃할까요?' })
      .getByRole('button', { name: '로그아웃' })
      .click();
    await page.waitForURL('**/login/auth?reason=logged_out');
    await logInDemoParent(page);
    const fresh = await openSheet();
    await fresh.getByRole('textbox', { name: /인증 글/ }).waitFor();
    expect(await fresh.getByRole('textbox', { name: /인증 글/ }).textContent()).toBe('');
    expect(await fresh.getByRole('img', { name: '사진 1 올리기 완료' }).count()).toBe(0);
  });

  it('removes the autoLogin cookie at logout even when the token was already revoked', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await logInDemoChild(page);
    expect(await autoLoginCookie(context)).not.toBeNull();

    // /my's own calls are answered first, so the revocation below meets only the logout call.
    const visited = page.waitForResponse((response) => response.url().endsWith('/login/extend-token'));
    await page.goto('/my');
    const logout = page.getByRole('button', { name: '로그아웃' });
    await logout.waitFor();
    await visited;
    // /my's own call, the 알림 card's choices (asked as the card is drawn), has shown its answer, and
    // then nothing is in flight: networkidle alone is 500 ms without a request, which a loaded
    // machine's pause between drawing the card and asking could pass.
    await page
      .getByRole('region', { name: '알림 설정' })
      .getByRole('checkbox', { name: '매일 미션 알림' })
      .waitFor();
    await page.waitForLoadState('networkidle');
    // The token is revoked behind the page's back (another device's logout, an operator): the
    // logout call will meet a 401.
    const db = new Database(suite.server.databaseFile);
    try {
      db.prepare(
        "update access_tokens set revoked_at = ? where user_id = (select id from users where login_id = 'demo-child')",
      ).run(new Date().toISOString());
    } finally {
      db.close();
    }
    const refused = page.waitForResponse((response) => response.url().endsWith('/login/logout'));
    await logout.click();
    await page
      .getByRole('alertdialog', { name: '로그아웃할까요?' })
      .getByRole('button', { name: '로그아웃' })
      .click();
    expect((await refused).status()).toBe(401);
    await page.waitForURL('**/login/auth?reason=logged_out');
    await expect.poll(() => autoLoginCookie(context)).toBeNull();

    // /login/children no longer signs the child straight back in.
    const tried = page.waitForResponse((response) => response.url().endsWith('/login/children-auto-login'));
    await page.goto('/login/children');
    expect(((await (await tried).json()) as { response: unknown }).response).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login/children');
    expect(await storedSession(page)).toBeNull();
  });

  it('never uses the autoLogin cookie again after a logout whose calls failed, and removes it at the next start', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await logInDemoChild(page);
    await page.goto('/my');
    const autoLoginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/login/children-auto-login')) autoLoginCalls.push(request.url());
    });
    await page.route('**/login/logout', (route) => route.abort());
    await page.route('**/login/forget-auto-login', (route) => route.abort());
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page
      .getByRole('alertdialog', { name: '로그아웃할까요?' })
      .getByRole('button', { name: '로그아웃' })
      .click();
    await page.waitForURL('**/login/auth?reason=logged_out');

    // The cookie is still in the jar (nothing reached the server), but the app will not use it.
    expect(await autoLoginCookie(context)).not.toBeNull();
    await page.goto('/home');
    await page.waitForURL('**/login/auth');
    await page.goto('/login/children');
    await page.getByRole('button', { name: '로그인', exact: true }).waitFor();
    expect(await storedSession(page)).toBeNull();
    expect(autoLoginCalls).toEqual([]);

    // The network is back: the next start asks the server to remove it.
    await page.unroute('**/login/forget-auto-login');
    const forgot = page.waitForResponse((response) => response.url().endsWith('/login/forget-auto-login'));
    await page.reload();
    expect((await forgot).status()).toBe(200);
    await expect.poll(() => autoLoginCookie(context)).toBeNull();
  });
});
