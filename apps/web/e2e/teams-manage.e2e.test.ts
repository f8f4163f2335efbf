import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { expectAccessible, heading, logInDemoParent, settled } from './fixtures.ts';

interface SeededTeam {
  id: number;
  name: string;
  subChallengeId: number;
  challengeId: number;
}

/**
 * A team's own screens, as the demo parent (the manager of the seeded teams) and the demo child
 * (a member) use them: detail, rankings, members, a member's record and management.
 */
describe('team detail and management in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await phoneContext(browser, server.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    contexts.push(context);
    return context.newPage();
  }

  /** A seeded team by any of its names (a test may have renamed it). */
  function seededTeam(...names: string[]): SeededTeam {
    const db = new Database(server.databaseFile, { readonly: true });
    try {
      return db
        .prepare(
          `select t.public_id as id, t.name as name, t.sub_challenge_id as subChallengeId,
             s.challenge_id as challengeId
           from teams t join sub_challenges s on s.id = t.sub_challenge_id
           where t.name in (${names.map(() => '?').join(', ')})`,
        )
        .get(...names) as SeededTeam;
    } finally {
      db.close();
    }
  }

  /** My row of a ranking is on screen: the row itself, or its copy pinned to the bottom. */
  function myRowInView(page: Page): Promise<boolean> {
    return page.evaluate(() => {
      const inView = (element: Element | null) => {
        if (!element) return false;
        const rect = element.getBoundingClientRect();
        return rect.height > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight;
      };
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
      return (
        inView(panel?.querySelector('li[data-mine]') ?? null) ||
        inView(panel?.querySelector('[data-testid="pinned-mine"]') ?? null)
      );
    });
  }

  async function toast(page: Page, text: string) {
    await expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
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

  it('the manager reads the challenge team, its rankings and members, then renames it and removes a family', async () => {
    const team = seededTeam('하늘 가족 건강단');
    const detailPath = `/team/${team.id}/challenge/${team.challengeId}/${team.subChallengeId}`;
    const page = await newPage();
    await logInDemoParent(page);

    // Detail: header, progress, families with the demo child, the manager's actions.
    await page.goto(detailPath);
    await expect.poll(() => heading(page)).toBe('하늘 가족 건강단');
    await expect.poll(() => page.getByRole('heading', { name: /하늘맘네 가족/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: /햇살맘1네 가족/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: /별이/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThan(0);
    // The round's bar: named by its label, read out as the team's own count (not a formatted percent).
    const roundBar = page.getByRole('progressbar', { name: '이번 기수 달성률' });
    await expect
      .poll(() => roundBar.getAttribute('aria-valuetext'))
      .toMatch(/^(\d+ \/ \d+ \(\d+%\)|아직 인증할 날이 오지 않았어요)$/);
    expect(Number(await roundBar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(await roundBar.getAttribute('aria-valuemax')).toBe('100');
    await expect.poll(() => page.getByRole('link', { name: '팀 관리' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: '팀 초대 링크 보내기' }).count()).toBe(1);
    await page.getByRole('heading', { name: '날짜별 팀 인증' }).waitFor();
    await screenshot(page, 'team-detail-challenge');
    await expectAccessible(page);

    // The invite link goes to the clipboard here (no Kakao key, no share sheet).
    await page.getByRole('button', { name: '팀 초대 링크 보내기' }).click();
    await toast(page, '팀 초대 링크를 복사했어요');
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText())).pathname;
    expect(link).toBe(`/team/${team.id}/${team.subChallengeId}/challenge`);

    // The manager may not leave before handing over.
    await page.getByRole('button', { name: '팀 나가기' }).click();
    const leave = page.getByRole('alertdialog');
    await settled(leave);
    await expect.poll(() => leave.getByText('팀에서 나갈까요?').count()).toBe(1);
    await expectAccessible(page);
    await leave.getByRole('button', { name: '나가기' }).click();
    await toast(page, '팀장은 다른 보호자에게 팀장을 넘긴 뒤에 나갈 수 있어요.');

    // Rankings: my row is on screen in every tab, even on a short screen.
    await page.getByRole('link', { name: '순위 보기' }).click();
    await page.waitForURL(`**${detailPath}/ranking`);
    await expect.poll(() => heading(page)).toBe('챌린지 팀 순위');
    await page.locator('li[data-mine]').first().waitFor();
    expect(await myRowInView(page)).toBe(true);
    await screenshot(page, 'team-ranking-members');
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 360 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => myRowInView(page)).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const [tab, shot] of [
      ['가족', 'team-ranking-families'],
      ['팀', 'team-ranking-teams'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.locator('[role="tabpanel"] li[data-mine]').first().waitFor();
      await expect.poll(() => myRowInView(page)).toBe(true);
      await screenshot(page, shot);
      await expectAccessible(page);
    }
    // The tabs pattern: the arrow keys, Home and End move to a tab and select it.
    const selectedTab = () => page.locator('[role="tab"][aria-selected="true"]').textContent();
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
    await page.getByRole('tab', { name: '팀', exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(selectedTab).toBe('가족');
    await expect.poll(focusedText).toBe('가족');
    await page.locator('[role="tabpanel"] li[data-mine]').first().waitFor();
    await page.keyboard.press('Home');
    await expect.poll(selectedTab).toBe('팀원');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(selectedTab).toBe('팀');
    await expect.poll(focusedText).toBe('팀');
    await expect
      .poll(() => page.getAttribute('[role="tab"][aria-selected="false"] >> nth=0', 'tabindex'))
      .toBe('-1');

    // Members by family, then one by one, then the demo child's record.
    await page.goto(`/team/member/${team.id}/challenge`);
    await expect.poll(() => page.getByRole('heading', { name: /햇살맘1네 가족/ }).count()).toBe(1);
    await screenshot(page, 'team-members-families');
    await expectAccessible(page);
    await page.getByRole('tab', { name: '한 명씩' }).click();
    await page.getByRole('link', { name: /꼬마1/ }).waitFor();
    await screenshot(page, 'team-members-people');
    await expectAccessible(page);
    await page.getByRole('link', { name: /별이/ }).click();
    await page.waitForURL(`**/team/member/${team.id}/*/challenge`);
    await expect.poll(() => heading(page)).toBe('챌린지 팀 멤버 기록');
    await expect.poll(() => page.getByRole('heading', { name: /별이/ }).count()).toBe(1);
    await screenshot(page, 'team-member-detail');
    await expectAccessible(page);

    // Management: rename, the round's recruiting cannot be reopened, remove a family.
    await page.goto(detailPath);
    await page.getByRole('link', { name: '팀 관리' }).click();
    await page.waitForURL(`**/team/challenge/${team.id}/${team.challengeId}/${team.subChallengeId}`);
    await expect.poll(() => heading(page)).toBe('챌린지 팀 관리');
    await page.getByLabel('팀 이름').waitFor();
    await screenshot(page, 'team-management-challenge');
    await expectAccessible(page);
    await expect.poll(() => page.getByRole('switch', { name: '팀원 모집' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '팀 삭제하기' }).isDisabled()).toBe(true);

    await page.getByLabel('팀 이름').fill('하늘 건강 원정대');
    await page.getByRole('button', { name: '팀 정보 저장하기' }).click();
    await toast(page, '팀 정보를 저장했어요');

    await page.getByRole('button', { name: '햇살맘1네 가족 내보내기' }).click();
    const confirm = page.getByRole('alertdialog');
    await settled(confirm);
    await expect.poll(() => confirm.getByText('햇살맘1네 가족을 내보낼까요?').count()).toBe(1);
    await screenshot(page, 'team-management-remove-dialog');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: '내보내기' }).click();
    await toast(page, '햇살맘1네 가족을 내보냈어요');
    await expect
      .poll(() => page.getByRole('heading', { name: '햇살맘1네 가족', exact: true }).count())
      .toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { name: '물마시기요정3네 가족', exact: true }).count())
      .toBe(1);

    // The member list no longer has the family (nor its child); the detail shows the new name.
    await page.goto(`/team/member/${team.id}/challenge`);
    await expect.poll(() => page.getByRole('heading', { name: /하늘맘네 가족/ }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: /햇살맘1네 가족/ }).count()).toBe(0);
    expect(await page.getByText('꼬마1').count()).toBe(0);
    await page.goto(detailPath);
    await expect.poll(() => heading(page)).toBe('하늘 건강 원정대');
  });

  it('the manager closes the always team to new families, looks at handing over, and deletes it', async () => {
    const team = seededTeam('매일 습관 클럽');
    const page = await newPage();
    await logInDemoParent(page);
    await page.goto(`/team/${team.id}/always/${team.subChallengeId}`);
    await expect.poll(() => heading(page)).toBe('매일 습관 클럽');
    await page.getByRole('heading', { name: /하늘맘네 가족/ }).waitFor();
    await screenshot(page, 'team-detail-always');
    await expectAccessible(page);

    await page.goto(`/team/${team.id}/always/${team.subChallengeId}/ranking`);
    await page.locator('li[data-mine]').first().waitFor();
    expect(await myRowInView(page)).toBe(true);
    await screenshot(page, 'team-ranking-always');

    await page.goto(`/team/always/${team.id}/${team.subChallengeId}`);
    await expect.poll(() => heading(page)).toBe('상시 팀 관리');
    const recruiting = page.getByRole('switch', { name: '팀원 모집' });
    await expect.poll(() => recruiting.getAttribute('aria-checked')).toBe('true');
    await recruiting.click();
    await toast(page, '팀원 모집을 닫았어요');
    await expect.poll(() => recruiting.getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'team-management-always');
    await expectAccessible(page);

    // Hand-over offers the other parents in a sheet; closing it changes nothing.
    await page.getByRole('button', { name: '팀장 넘기기' }).click();
    const sheet = page.getByRole('dialog', { name: '누구에게 팀장을 넘길까요?' });
    await settled(sheet);
    await expect.poll(() => sheet.getByRole('radio').count()).toBeGreaterThan(1);
    await expect.poll(() => sheet.getByRole('button', { name: '넘기기' }).isDisabled()).toBe(true);
    await sheet.getByRole('radio').first().click();
    await expect.poll(() => sheet.getByRole('button', { name: '넘기기' }).isDisabled()).toBe(false);
    await screenshot(page, 'team-management-hand-over');
    await expectAccessible(page);
    await sheet.getByRole('button', { name: '닫기' }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '팀 삭제하기' }).click();
    const confirm = page.getByRole('alertdialog');
    await settled(confirm);
    await confirm.getByRole('button', { name: '삭제하기' }).click();
    await page.waitForURL('**/team?tab=in_progress');
    await toast(page, '매일 습관 클럽 팀을 삭제했어요');
    await expect.poll(() => page.getByRole('link', { name: /하늘 건강 원정대/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: /매일 습관 클럽/ }).count()).toBe(0);
    await screenshot(page, 'team-deleted-my-teams');
  });

  it('the demo child sees the team but not its management; a visitor is asked to log in', async () => {
    const team = seededTeam('하늘 가족 건강단', '하늘 건강 원정대');
    const detailPath = `/team/${team.id}/challenge/${team.challengeId}/${team.subChallengeId}`;
    const child = await newPage();
    await child.goto('/login/children');
    await child.getByLabel('아이디', { exact: true }).fill('demo-child');
    await child.getByLabel('비밀번호', { exact: true }).fill('demo-pass-1234');
    await child.getByRole('button', { name: '로그인', exact: true }).click();
    await child.waitForURL('**/home**');

    await child.goto(detailPath);
    await expect.poll(() => heading(child)).toBe(team.name);
    await child.getByRole('heading', { name: /하늘맘네 가족/ }).waitFor();
    expect(await child.getByRole('link', { name: '팀 관리' }).count()).toBe(0);
    await expect.poll(() => child.getByRole('link', { name: '순위 보기' }).count()).toBe(1);
    await screenshot(child, 'team-detail-child');
    await expectAccessible(child);

    // The management address answers 403 to a member: a friendly page, not an error.
    await child.goto(`/team/challenge/${team.id}/${team.challengeId}/${team.subChallengeId}`);
    await expect.poll(() => child.getByText('팀장만 볼 수 있어요').count()).toBe(1);
    await screenshot(child, 'team-management-forbidden');
    await expectAccessible(child);

    // Spec §6: a visitor may open a member list; it asks them to log in instead of calling the API.
    const visitor = await newPage();
    const calls: string[] = [];
    visitor.on('request', (request) => {
      if (request.url().includes('/v1/api/front/team/')) calls.push(request.url());
    });
    await visitor.goto(`/team/member/${team.id}/challenge`);
    await expect.poll(() => heading(visitor)).toBe('챌린지 팀 멤버');
    await visitor.getByRole('link', { name: '로그인하기' }).waitFor();
    expect(calls).toEqual([]);
    await screenshot(visitor, 'team-members-visitor');
    await expectAccessible(visitor);
  });
});
