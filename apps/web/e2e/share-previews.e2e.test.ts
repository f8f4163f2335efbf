import type { DayMission } from '@hamkke/contract/mission/mission';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneContext, screenshot, serverToday } from './browser.ts';
import {
  accessToken,
  appDrawn,
  certifyAfresh,
  expectAccessible,
  frontApi,
  logInDemoParent,
  motionDone,
  storedSession,
  toast,
  useBrowserSuite,
} from './fixtures.ts';

/** KakaoTalk's link scraper, as it names itself. */
const CRAWLER = 'facebookexternalhit/1.1; kakaotalk-scrap/1.0; +https://devtalk.kakao.com/';
const SHOTS = '/tmp/shots-cards';

/** The page's `og:`/`twitter:` tags as a scraper reads them. */
function previewTags(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[key!] = value!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return tags;
}

/**
 * Issue 25: the app makes a `/challenge/shared/…` link (spec §2) — the certification sheet of a
 * challenge's mission shares that challenge's day — and the link opens for anyone, previewed.
 */
describe('sharing a challenge day in Chromium', () => {
  const suite = useBrowserSuite();

  async function shot(page: Page, name: string): Promise<void> {
    const file = await screenshot(page, name);
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
  }

  it("shares a challenge mission's day as /challenge/shared/…, which anyone opens, with its preview", async () => {
    const context = suite.keep(await phoneContext(suite.browser, suite.server.baseUrl));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.baseUrl });
    const page = await context.newPage();
    await logInDemoParent(page);
    const token = await accessToken(page);
    const me = (await storedSession(page))?.userInfo as { alias: string };
    const today = await serverToday(suite.server.baseUrl);
    const api = <T>(endpoint: string, body: unknown = {}) =>
      frontApi<T>(suite.server.baseUrl, token, endpoint, body);

    // One of today's missions of the demo parent's challenge team, certified afresh with a photo.
    const { missions } = await api<{ missions: DayMission[] }>('home/mission-list');
    const mission = missions.find((item) => item.challengeType === 'challenge');
    expect(mission, 'the demo parent has a running challenge').toBeDefined();
    await certifyAfresh(
      suite.server.baseUrl,
      token,
      mission!,
      '<p>아이와 &lt;줄넘기&gt; 100번 &amp; "스트레칭"</p>',
    );

    await page.goto('/home');
    await page.getByRole('button', { name: `${mission!.title} 인증 보기` }).click();
    const sheet = page.getByRole('dialog', { name: '나의 인증' });
    await sheet.getByRole('heading', { level: 3, name: mission!.title }).waitFor();
    await motionDone(page);
    await shot(page, 'cards-certification-sheet-challenge-share');
    await expectAccessible(page);
    // The day's own 공유하기 stays the one button of that name (other tests find it by it).
    expect(await sheet.getByRole('button', { name: '공유하기' }).count()).toBe(1);
    await sheet.getByRole('button', { name: '이 챌린지 인증만 공유', exact: true }).click();
    await toast(page, '링크를 복사했어요');
    const { uuid } = await api<{ uuid: string }>('mission/mission-certify-uuid', { date: today });
    const shareUrl = `${suite.server.baseUrl}/challenge/shared/${mission!.challengeId}/${uuid}/${today}`;
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);

    // KakaoTalk's scraper reads the preview from the HTML (no PUBLIC_ORIGIN here: the asked origin).
    const html = await (await fetch(shareUrl, { headers: { 'user-agent': CRAWLER } })).text();
    const tags = previewTags(html);
    expect(tags['og:title']).toBe(
      `${me.alias}님의 ${Number(today.slice(5, 7))}월 ${Number(today.slice(8))}일 챌린지 인증`,
    );
    expect(tags['og:description']).toContain('아이와 <줄넘기> 100번 & "스트레칭"');
    expect(tags['og:url']).toBe(shareUrl);
    expect(tags['og:image']).toMatch(new RegExp(`^${suite.server.baseUrl}/`));
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['twitter:image']).toBe(tags['og:image']);
    const image = await fetch(tags['og:image']!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    // Anyone with the link sees that challenge's day, without logging in.
    const visitor = await suite.phonePage();
    await visitor.goto(shareUrl);
    await appDrawn(visitor);
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1 }).textContent())
      .toBe('공유된 챌린지 인증');
    await visitor.getByRole('heading', { level: 2, name: mission!.title }).waitFor();
    expect((await visitor.locator('main').textContent()) ?? '').toContain(`${me.alias}님의`);
    expect(new URL(visitor.url()).pathname).toBe(
      `/challenge/shared/${mission!.challengeId}/${uuid}/${today}`,
    );
    await shot(visitor, 'cards-challenge-shared-day');
    await expectAccessible(visitor);
  });
});
