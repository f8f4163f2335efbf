import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, patient, phoneContext, screenshot } from './browser.ts';
import {
  EMULATOR_PAGE,
  expectAccessible,
  logInDemoParent,
  openKakaoLogin,
  paintAndFirstScript,
  servedAndDrawnMain,
  signUpAtEmulator,
  storedSession,
} from './fixtures.ts';

describe('foundation in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ CS_PHONE: '1600-7777', COMPANY_NAME: '(주)테스트가족' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends anonymous visitors to /login/auth, which shows the footer from configuration', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    for (const path of ['/', '/home', '/my', '/challenge', '/team/create', '/active/history']) {
      await page.goto(path);
      await page.waitForURL('**/login/auth');
    }
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('함께미션 시작하기');
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.textContent()).toContain('1600-7777');
    await expect.poll(() => footer.textContent()).toContain('(주)테스트가족');
    await expect
      .poll(() => footer.getByRole('link', { name: '이용약관' }).getAttribute('href'))
      .toContain('termsofuse');
    await screenshot(page, 'foundation-login-auth');
    await expectAccessible(page);
    await context.close();
  });

  it('shows the header counts as the API computes them, and the footer, on /home', async () => {
    const counts = await fetch(`${server.baseUrl}/v1/api/front/common/total-user-mission`, {
      method: 'POST',
    });
    const { response } = (await counts.json()) as {
      response: { totalMissionCnt: number; totalUserCnt: number };
    };
    const today = (await (
      await fetch(`${server.baseUrl}/v1/api/front/common/today-mission-certification-count`, {
        method: 'POST',
      })
    ).json()) as { response: number };

    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await logInDemoParent(page);
    await page.goto('/');
    await page.waitForURL('**/home');
    // The redirect from / draws the frame's skeleton until /home's code is there.
    await page.getByRole('heading', { level: 1 }).waitFor();
    const header = page.getByRole('banner');
    await expect
      .poll(() => header.textContent())
      .toContain(`가족 ${response.totalUserCnt.toLocaleString('en-US')}명`);
    // Each count comes with its own call: each is waited for.
    await expect.poll(() => header.textContent()).toContain(`오늘 ${today.response}건`);
    await expect.poll(() => header.textContent()).toMatch(/누적 인증 \d/);
    await expect.poll(() => page.getByRole('contentinfo').textContent()).toContain('1600-7777');
    const nav = page.getByRole('navigation', { name: '주요 메뉴' });
    await expect.poll(() => nav.getByRole('link').count()).toBe(5);
    await expect.poll(() => nav.getByRole('link', { name: '홈' }).getAttribute('aria-current')).toBe('page');
    // The countdown slot shows hh:mm:ss for a signed-in person.
    await expect.poll(() => header.textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    await screenshot(page, 'foundation-home');
    await expectAccessible(page);
    await context.close();
  });

  it("starts /home's calls and the frame's before its first render, each once", async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await logInDemoParent(page);
    // When React first commits into the empty root (before any script: the observer is in place).
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        const root = document.getElementById('root');
        if (!root?.firstChild) return;
        (window as { firstCommitAt?: number }).firstCommitAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const call = /\/v1\/api\/front\/(.+)$/.exec(request.url())?.[1];
      if (call) asked.set(call, (asked.get(call) ?? 0) + 1);
    });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const firstCalls = [
      'home/notice-top-list',
      'common/total-user-mission',
      'common/today-mission-certification-count',
      'team/reward-notice',
      'team/invited-count',
      'home/mission-list',
      'home/popup-list',
      'user/new-badges',
    ];
    const started = await page.evaluate(
      (calls) => ({
        commit: (window as { firstCommitAt?: number }).firstCommitAt ?? null,
        calls: calls.map((call) => {
          const entry = performance
            .getEntriesByType('resource')
            .find((resource) => resource.name.endsWith(`/v1/api/front/${call}`));
          return [call, entry?.startTime ?? null] as const;
        }),
      }),
      firstCalls,
    );
    expect(started.commit).not.toBeNull();
    for (const [call, at] of started.calls) {
      expect(at, call).not.toBeNull();
      expect(at!, call).toBeLessThan(started.commit!);
      expect(asked.get(call), call).toBe(1);
    }
    await context.close();

    // Nobody signed in: /home sends the visitor to the login page, having asked for none of it.
    const visitor = await phoneContext(browser, server.baseUrl);
    const visitorPage = await visitor.newPage();
    const visitorAsked: string[] = [];
    visitorPage.on('request', (request) => {
      const call = /\/v1\/api\/front\/(.+)$/.exec(request.url())?.[1];
      if (call) visitorAsked.push(call);
    });
    await visitorPage.goto('/home');
    await visitorPage.waitForURL('**/login/auth**');
    await visitorPage.waitForLoadState('networkidle');
    expect(visitorAsked.filter((call) => firstCalls.includes(call))).toEqual([]);
    await visitor.close();
  });

  it('swaps the text on screen to Pretendard once, with every subset it needs already loaded', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    // Each face the app adds is recorded with whether it was loaded then, and whether the page's
    // text at that moment used it (read here on its own, not with the app's coversAnyOf under test).
    await context.addInitScript(() => {
      const added: Array<{ status: string; needed: boolean }> = [];
      (window as unknown as { addedFaces: typeof added }).addedFaces = added;
      // FontFaceSet's set methods (DOM.Iterable, which this project's lib leaves out).
      const fonts = document.fonts as FontFaceSet & { add(face: FontFace): FontFaceSet };
      const add = fonts.add.bind(fonts);
      fonts.add = (face: FontFace) => {
        const text = document.body.textContent ?? '';
        const ranges = face.unicodeRange.split(',').map((part) => {
          const [from, to = from] = part.trim().replace(/^u\+/i, '').split('-');
          return [parseInt(from!, 16), parseInt(to!, 16)] as const;
        });
        const needed = [...text].some((char) =>
          ranges.some(([from, to]) => char.codePointAt(0)! >= from && char.codePointAt(0)! <= to),
        );
        added.push({ status: face.status, needed });
        return add(face);
      };
    });
    const page = await context.newPage();
    await page.goto('/login/auth');
    await page.getByRole('heading', { level: 1, name: '함께미션 시작하기' }).waitFor();
    // All 12 subsets (the package's 92 slices grouped, decision 063) join the document together.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { addedFaces: unknown[] }).addedFaces.length))
      .toBe(12);
    const added = await page.evaluate(
      () => (window as unknown as { addedFaces: Array<{ status: string; needed: boolean }> }).addedFaces,
    );
    const needed = added.filter((face) => face.needed);
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.map((face) => face.status)).toEqual(needed.map(() => 'loaded'));
    // The subsets no text needed yet are left to load when some does.
    expect(added.filter((face) => !face.needed && face.status === 'loaded')).toEqual([]);
    // And the heading is drawn in it.
    expect(
      await page.evaluate(() => document.fonts.check('700 24px "Pretendard Variable"', '함께미션 시작하기')),
    ).toBe(true);
    await context.close();
  });

  it('draws a return visit in Pretendard from its first render: the subsets the last visit used come from the cache', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    // The page's timers on Playwright's clock, at the real pace until the return visit stops it.
    await context.clock.install();
    // Each face the app adds is recorded with whether React had started on the page yet (its root
    // is marked when made, right before the first render; /login/auth's HTML is drawn by the server).
    await context.addInitScript(() => {
      const added: boolean[] = [];
      (window as unknown as { addedBeforeRender: typeof added }).addedBeforeRender = added;
      const fonts = document.fonts as FontFaceSet & { add(face: FontFace): FontFaceSet };
      const add = fonts.add.bind(fonts);
      fonts.add = (face: FontFace) => {
        added.push(
          !Object.keys(document.getElementById('root') ?? {}).some((key) =>
            key.startsWith('__reactContainer$'),
          ),
        );
        return add(face);
      };
    });
    const page = await context.newPage();
    const heading = page.getByRole('heading', { level: 1, name: '함께미션 시작하기' });
    const addedBeforeRender = () =>
      page.evaluate(() => (window as unknown as { addedBeforeRender: boolean[] }).addedBeforeRender);
    const note = () => page.evaluate(() => window.localStorage.getItem('hamkke:font-groups'));

    // A first visit: drawn in the system font, then the faces join (after the first paint); the
    // subsets it used are noted.
    await page.goto('/login/auth');
    await heading.waitFor();
    await expect.poll(async () => (await addedBeforeRender()).length).toBe(12);
    expect(await addedBeforeRender()).toEqual(Array.from({ length: 12 }, () => false));
    await expect.poll(note).toMatch(/^\[\d+(,\d+)*\]$/);

    // The return visit: every face joins before the app draws anything. (The heading is in the
    // server's HTML, there before any script: the faces are waited for, not the heading.) The first
    // render waits for them 150 ms at most (FONTS_BEFORE_RENDER_WAIT_MS), as a slow phone would not
    // wait longer; whether this machine reads the cache within 150 ms is its speed, not the app's
    // behaviour (a loaded machine passed it on visit after visit). So the page's clock stands still
    // for this visit: the 150 ms never run out, and the faces the cache gives (no timer in that) are
    // what the first render waits for.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.reload();
    await heading.waitFor();
    await expect.poll(async () => (await addedBeforeRender()).length).toBe(12);
    expect(await addedBeforeRender()).toEqual(Array.from({ length: 12 }, () => true));
    expect(
      await page.evaluate(() => document.fonts.check('700 24px "Pretendard Variable"', '함께미션 시작하기')),
    ).toBe(true);
    await screenshot(page, 'foundation-return-visit-font');
    await page.clock.resume();

    // A note whose subsets cannot be had (the files refused): the page is drawn anyway, in the
    // system font, the note is forgotten, and the faces join after the first paint.
    await context.route('**/PretendardVariable.group.*.woff2', (route) => route.abort());
    await page.reload();
    await heading.waitFor();
    await expect.poll(async () => (await addedBeforeRender()).length).toBe(12);
    expect(await addedBeforeRender()).toEqual(Array.from({ length: 12 }, () => false));
    await expect.poll(note).toBeNull();
    await context.close();
  });

  it('shows the not-found page for an unknown path and lets paths with known params through', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await logInDemoParent(page);

    await page.goto('/this/page/does-not-exist');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('페이지를 찾을 수 없어요');
    await screenshot(page, 'foundation-not-found');
    await expectAccessible(page);

    // Params that do not fit their format are no screen (decision 036), invite links included.
    for (const path of ['/team/abc/always/xyz', '/team/2/challenge/1']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('페이지를 찾을 수 없어요');
      expect(new URL(page.url()).pathname).toBe(path);
    }

    for (const [path, title] of [
      ['/team/12/34/always', '팀 초대'],
      ['/team/member/12/56/challenge', '챌린지 팀 멤버 기록'],
      ['/mission/shared/3f2a9c1e-uuid/2026-11-20', '공유된 미션 인증'],
    ] as const) {
      await page.goto(path);
      // The page's own title, read from the markup: an invite link's check may already cover the
      // page with its popup (which hides the page from the accessibility tree meanwhile).
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });

  it('lets anonymous visitors open the allow-listed pages with known params', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    for (const [path, title] of [
      // Not a real link token: the child link pages say the link cannot be opened, without redirecting.
      ['/login/id/abc123', '링크를 열 수 없어요'],
      ['/login/pw/abc123', '링크를 열 수 없어요'],
      ['/my/children-info/7', '자녀 정보'],
      ['/login/children', '자녀 로그인'],
      // Issue 27 item 3: §6 names these three; /login/id has no screen of its own, but no redirect.
      ['/termsofuse', '이용약관'],
      ['/privacyPolicy', '개인정보 처리방침'],
      ['/login/id', '페이지를 찾을 수 없어요'],
    ] as const) {
      await page.goto(path);
      // The page's own title, read from the markup: an invite link's check may already cover the
      // page with its popup (which hides the page from the accessibility tree meanwhile).
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto('/termsofuse');
    await page.getByText('제1조 (목적)').first().waitFor();
    await screenshot(page, 'foundation-anonymous-termsofuse');
    await expectAccessible(page);
    await context.close();
  });

  it('renders /unexpected and the versioned terms without a session', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/unexpected');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('일시적인 오류가 생겼어요');
    await screenshot(page, 'foundation-unexpected');
    await expectAccessible(page);

    await page.goto('/home/termsofuse');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('이용약관');
    await page.getByText('제1조 (목적)').first().waitFor();
    const select = page.getByLabel('버전');
    await select.selectOption('1.0');
    await page.getByText('버전 1.0').first().waitFor();
    await screenshot(page, 'foundation-terms');
    await expectAccessible(page);
    await context.close();
  });

  it('keeps non-pin users out of /team/create and /my/children', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    // A parent who just signed up has not verified a membership number: not a pin user.
    await openKakaoLogin(page);
    await signUpAtEmulator(page, '박비핀');
    await page.waitForURL('**/home');
    expect((await storedSession(page))?.pinUser).toEqual({ result: 'N' });
    // Spec §5's redirect to `/` ends on /home, which is told what was stopped (gates.e2e.test.ts).
    for (const [path, gate] of [
      ['/team/create', 'team'],
      ['/my/children', 'children'],
    ] as const) {
      await page.goto(path);
      await page.waitForURL(`**/home?gate=${gate}`);
    }
    await context.close();
  });

  it('gives /active its green theme and shows the 5-tab navigation only on the tab roots', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await logInDemoParent(page);
    await page.goto('/active');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('내 활동');
    await expect.poll(() => page.locator('.theme-green').count()).toBeGreaterThan(0);
    await screenshot(page, 'foundation-active');
    await page.goto('/my/faq');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('자주 묻는 질문');
    await expect.poll(() => page.getByRole('navigation', { name: '주요 메뉴' }).count()).toBe(0);
    await context.close();
  });

  it('starts a new page at the top and brings back and forward to where the person was', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await logInDemoParent(page);
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: '주요 메뉴' });
    await nav.waitFor();
    // The demo parent's /home (missions, footer) is taller than a phone's screen.
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, Math.min(500, document.documentElement.scrollHeight - window.innerHeight));
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(100);
    // As a person's tap comes after their scroll: the page has had its scroll event (a frame later).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await nav.getByRole('link', { name: '내 활동' }).click();
    await page.waitForURL('**/active');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('내 활동');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Spec §9: the position comes back 300 ms after the history step, not at once.
    await page.evaluate(() => {
      const times: { back?: number; restored?: number } = {};
      (window as unknown as { scrollTimes: typeof times }).scrollTimes = times;
      window.addEventListener('popstate', () => (times.back ??= performance.now()), { once: true });
      window.addEventListener('scroll', () => {
        if (times.back !== undefined && window.scrollY > 0) times.restored ??= performance.now();
      });
    });
    await page.goBack();
    await page.waitForURL('**/home');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    const times = await page.evaluate(
      () => (window as unknown as { scrollTimes: { back: number; restored: number } }).scrollTimes,
    );
    // (Measured from the popstate listener, which runs after the router has drawn and set the timer.)
    expect(times.restored - times.back).toBeGreaterThanOrEqual(250);
    await page.goForward();
    await page.waitForURL('**/active');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // A page the browser opened (a load, here a reload) is left where the browser put it: no scroll
    // 300 ms in (spec §9's delay), whose read of the scroll forced a whole layout in one task on every
    // page's first load (decision 049). Watched for twice that delay after the page is drawn.
    await page.addInitScript(() => {
      const calls: number[] = [];
      (window as unknown as { scrollCalls: number[] }).scrollCalls = calls;
      const scrollTo = window.scrollTo.bind(window) as (x: number, y: number) => void;
      window.scrollTo = ((x: number, y: number) => {
        calls.push(y);
        scrollTo(x, y);
      }) as typeof window.scrollTo;
    });
    await page.reload();
    await nav.waitFor();
    // A wait that lets time pass on purpose, to see that nothing happens: the page's own timer, set
    // after any timer the app set while drawing, so it runs after such a 300 ms one however loaded
    // the machine is (the page runs its timers in the order they are due).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(await page.evaluate(() => (window as unknown as { scrollCalls: number[] }).scrollCalls)).toEqual(
      [],
    );

    // A link with a #fragment starts the new page at the top too, not where /home was left (the
    // invitations it names are /challenge's first part, drawn once their call answers).
    await page.goto('/home');
    const invitations = page.getByRole('link', { name: /팀 초대가 \d+개 와 있어요/ });
    await invitations.waitFor();
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await invitations.click();
    await page.waitForURL('**/challenge#invitations');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('draws /login/auth from its HTML before any script runs, and the app draws the same page', async () => {
    const html = await (await fetch(`${server.baseUrl}/login/auth`)).text();
    // Without scripts: the server's shell alone shows the page, already styled.
    const still = patient(
      await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 360, height: 740 },
        locale: 'ko-KR',
        javaScriptEnabled: false,
      }),
    );
    const bare = await still.newPage();
    await bare.goto('/login/auth');
    await expect.poll(() => bare.getByRole('heading', { level: 1 }).textContent()).toBe('함께미션 시작하기');
    const kakao = bare.getByRole('button', { name: '카카오 로그인' });
    expect(await kakao.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      'rgb(254, 229, 0)',
    );
    await screenshot(bare, 'foundation-login-auth-before-scripts');
    await still.close();

    // With scripts: the app's first render replaces it with the same main (and adds the footer).
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/login/auth');
    await page.getByRole('contentinfo').waitFor();
    // Its scripts are asked for only once the page is on screen: they make it interactive, and on a
    // fast network they used to arrive and run before the first paint, holding it back.
    const { paint, firstScript } = await paintAndFirstScript(page);
    expect(paint).not.toBeNull();
    expect(firstScript).toBeGreaterThanOrEqual(paint!);
    const [prerendered, drawn] = await servedAndDrawnMain(page, html);
    expect(prerendered).toContain('함께미션 시작하기');
    expect(drawn).toBe(prerendered);
    await context.close();
  });

  it('keeps a tap on the login button made before the app is live, and does it once the app is', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    // A slow network: the app's entry is held back until the button has been pressed.
    let entryAsked = 0;
    let releaseEntry = () => {};
    const entryReleased = new Promise<void>((resolve) => (releaseEntry = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      entryAsked += 1;
      await entryReleased;
      await route.continue();
    });
    const authorize: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/login/kakao-authorize')) authorize.push(request.url());
    });
    // Not until `load`: the scripts the page asks for once painted hold that event back.
    await page.goto('/login/auth', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: '카카오 로그인' }).click();
    // Pressed while only the server's page was there: nothing could answer it yet.
    expect(
      await page.evaluate(() =>
        Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__reactFiber$')),
      ),
    ).toBe(false);
    expect(authorize).toEqual([]);
    releaseEntry();
    await page.waitForURL(EMULATOR_PAGE);
    expect(entryAsked).toBe(1);
    expect(authorize).toHaveLength(1);
    await context.close();
  });
});
