import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import {
  expectAccessible,
  heading,
  logInDemoParent,
  settled,
  signUpAtEmulator,
  useBrowserSuite,
} from './fixtures.ts';

/** Two (and three) families in separate browsers: make a team, invite by link, join, manage. */
describe('teams in Chromium', () => {
  const suite = useBrowserSuite();
  const newPage = () => suite.phonePage({ clipboard: true });

  /** A seeded team, read from the server's own database: `id` is the public id links carry. */
  function seededTeam(name: string): { id: string; key: number; sub_challenge_id: number } {
    const db = new Database(suite.server.databaseFile, { readonly: true });
    try {
      return db
        .prepare('select public_id as id, id as key, sub_challenge_id from teams where name = ?')
        .get(name) as {
        id: string;
        key: number;
        sub_challenge_id: number;
      };
    } finally {
      db.close();
    }
  }

  /** Opens an invite link logged out, signs a new person up, and lands where the §4 checks lead. */
  async function newFamilyOpens(link: string, name: string): Promise<Page> {
    const page = await newPage();
    await page.goto(link);
    await page.waitForURL('**/login/auth');
    expect(await page.evaluate(() => window.sessionStorage.getItem('teamCallbackUrl'))).toContain(link);
    await page.getByRole('button', { name: '카카오 로그인' }).click();
    await page.waitForURL(/\/_emulator\/kakao\/oauth\/authorize/);
    await signUpAtEmulator(page, name);
    return page;
  }

  it('a manager makes a team, a second family joins by its link with a child, both see each other; the manager removes them and deletes the team', async () => {
    const manager = await newPage();
    await logInDemoParent(manager);
    // The demo parent is invited to '3기 새 출발' (round 3): /home says so, until she has a round-3 team.
    const invitations = manager.getByText('팀 초대가 1개 와 있어요');
    await invitations.waitFor();

    // /challenge: the recruiting round offers "팀 만들기"; the running round shows the demo team.
    await manager.goto('/challenge');
    await expect.poll(() => manager.getByRole('heading', { name: /3기/ }).count()).toBeGreaterThan(0);
    await expect
      .poll(() => manager.getByRole('link', { name: /내 팀 하늘 가족 건강단 보기/ }).count())
      .toBe(1);
    await screenshot(manager, 'teams-challenge');
    await expectAccessible(manager);
    const round3 = manager
      .getByRole('article')
      .filter({ has: manager.getByRole('heading', { name: /3기/ }) });
    await round3.getByRole('link', { name: '팀 만들기' }).click();
    await manager.waitForURL('**/team/create?subChallengeId=*');

    await manager.getByLabel('팀 이름').fill('하늘 3기 도전단');
    await manager.getByRole('radio', { name: '🚀' }).click();
    await manager.getByRole('checkbox', { name: '별이' }).click();
    await screenshot(manager, 'teams-create');
    await expectAccessible(manager);
    await manager.getByRole('button', { name: '팀 만들기' }).click();
    await manager.waitForURL(/\/team\/[A-Za-z0-9_-]{22}\/challenge\/\d+\/\d+$/);
    await expect.poll(() => heading(manager)).toBe('하늘 3기 도전단');
    await expect.poll(() => manager.getByText('하늘맘네 가족').count()).toBe(1);
    await expect.poll(() => manager.getByText('별이').count()).toBeGreaterThan(0);
    // Now in a team of that round, the invitation into it is stale: /home no longer offers it (issue 25 item 6).
    await manager.goto('/home');
    await manager.getByRole('heading', { level: 2, name: '챌린지 미션' }).waitFor();
    await expect.poll(() => invitations.count()).toBe(0);
    await manager.goBack();
    await expect.poll(() => heading(manager)).toBe('하늘 3기 도전단');

    // The invite link goes to the clipboard here (no Kakao key, no share sheet).
    await manager.getByRole('button', { name: '팀 초대 링크 보내기' }).click();
    await expect.poll(() => manager.getByText('팀 초대 링크를 복사했어요').count()).toBe(1);
    const link = new URL(await manager.evaluate(() => navigator.clipboard.readText())).pathname;
    const [, , teamId, subChallengeId] = link.split('/');
    // The link names the team by its unguessable public id (decision 022).
    expect(link).toMatch(/^\/team\/[A-Za-z0-9_-]{22}\/\d+\/challenge$/);
    await screenshot(manager, 'teams-detail');
    await expectAccessible(manager);

    // A second family (장수아, alias 햇살맘9, with her child 꼬마9) opens the link logged out, logs in
    // through the emulator and lands on the accept screen.
    const guest = await newPage();
    await guest.goto(link);
    await guest.waitForURL('**/login/auth');
    // The login page says who invited her to what.
    await expect.poll(() => guest.getByText("하늘맘님이 '하늘 3기 도전단'에 초대했어요").count()).toBe(1);
    await guest.getByRole('button', { name: '카카오 로그인' }).click();
    await guest.getByRole('button', { name: /장수아/ }).click();
    await guest.waitForURL(`**${link}`);
    await expect.poll(() => guest.getByText('하늘 3기 도전단').count()).toBeGreaterThan(0);
    await expect.poll(() => guest.getByText('하늘맘').count()).toBeGreaterThan(0);
    // The invitation names who invited (issue 25 item 5).
    await guest.getByText("하늘맘님이 '하늘 3기 도전단'에 초대했어요").waitFor();
    const join = guest.getByRole('button', { name: '팀 참여하기' });
    await expect.poll(() => join.isDisabled()).toBe(true);
    await guest.getByRole('checkbox', { name: '꼬마9' }).click();
    await guest.getByRole('checkbox', { name: '팀 참여 약관에 동의해요' }).click();
    await screenshot(guest, 'teams-invite-accept');
    await expectAccessible(guest);
    await join.click();
    await guest.waitForURL(`**/team/${teamId}/challenge/*/${subChallengeId}`);
    await expect.poll(() => guest.getByText('하늘맘네 가족').count()).toBe(1);
    await expect.poll(() => guest.getByText('햇살맘9네 가족').count()).toBe(1);
    await expect.poll(() => guest.getByText('꼬마9').count()).toBeGreaterThan(0);
    expect(await guest.getByRole('link', { name: '팀 관리' }).count()).toBe(0);

    // Both on the member list.
    await manager.goto(`/team/member/${teamId}/challenge`);
    await expect.poll(() => manager.getByText('햇살맘9네 가족').count()).toBe(1);
    await screenshot(manager, 'teams-members');
    await expectAccessible(manager);
    await manager.getByRole('tab', { name: '한 명씩' }).click();
    await manager.getByRole('link', { name: '꼬마9' }).click();
    await manager.waitForURL(`**/team/member/${teamId}/*/challenge`);
    await expect.poll(() => heading(manager)).toBe('챌린지 팀 멤버 기록');
    await screenshot(manager, 'teams-member-detail');
    await expectAccessible(manager);

    // Ranking: my row visible.
    await manager.goto(`/team/${teamId}/challenge/1/${subChallengeId}/ranking`);
    await expect
      .poll(() => manager.locator('li[data-mine]').filter({ hasText: '하늘맘' }).count())
      .toBeGreaterThan(0);
    await screenshot(manager, 'teams-ranking');
    await expectAccessible(manager);

    // The manager removes the guest's family, then deletes the team.
    await manager.goto(
      link.replace(/^\/team\/([A-Za-z0-9_-]+)\/(\d+)\/challenge$/, '/team/challenge/$1/1/$2'),
    );
    await expect.poll(() => heading(manager)).toBe('챌린지 팀 관리');
    await screenshot(manager, 'teams-management');
    await expectAccessible(manager);
    await manager.getByRole('button', { name: '내보내기' }).click();
    await manager.getByRole('alertdialog').getByRole('button', { name: '내보내기' }).click();
    await expect.poll(() => manager.getByText('햇살맘9네 가족을 내보냈어요').count()).toBe(1);
    await expect
      .poll(() => manager.getByRole('heading', { name: '햇살맘9네 가족', exact: true }).count())
      .toBe(0);
    // Her child left with her.
    await expect.poll(() => manager.getByRole('link', { name: /꼬마9/ }).count()).toBe(0);
    await expect.poll(() => manager.getByText('꼬마9', { exact: true }).count()).toBe(0);
    await manager.getByRole('button', { name: '팀 삭제하기' }).click();
    await manager.getByRole('alertdialog').getByRole('button', { name: '삭제하기' }).click();
    await manager.waitForURL('**/team?tab=in_progress');
    await expect.poll(() => manager.getByText('하늘 가족 건강단').count()).toBe(1);
    await expect.poll(() => manager.getByRole('link', { name: /하늘 3기 도전단/ }).count()).toBe(0);
    await screenshot(manager, 'teams-my-teams');
    await expectAccessible(manager);

    // The removed guest no longer reads the team.
    await guest.reload();
    await expect.poll(() => guest.getByRole('alert').count()).toBeGreaterThan(0);
  });

  it('a logged-out visitor opening an invite link is told who invited them to what, and after Kakao login lands on the accept screen', async () => {
    const team = seededTeam('3기 새 출발');
    const link = `/team/${team.id}/${team.sub_challenge_id}/challenge`;
    const page = await newPage();
    await page.goto(link);
    await page.waitForURL('**/login/auth');
    const card = page.getByRole('region', { name: /님이 '3기 새 출발'에 초대했어요$/ });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/21일 가족 건강 챌린지 3기/);
    expect(await card.innerText()).toMatch(/\d+자리 남았어요/);
    await expect
      .poll(() => page.getByText('카카오로 로그인하면 바로 초대를 수락할 수 있어요.').count())
      .toBe(1);
    await settled(card);
    await screenshot(page, 'teams-invite-login');
    await expectAccessible(page);

    await page.getByRole('button', { name: '카카오 로그인' }).click();
    await page.waitForURL(/\/_emulator\/kakao\/oauth\/authorize/);
    await signUpAtEmulator(page, '초대받은엄마');
    await page.waitForURL(`**${link}`);
    await expect.poll(() => heading(page)).toBe('팀 초대');
    await page.getByRole('region', { name: /님이 '3기 새 출발'에 초대했어요$/ }).waitFor();
    await page.getByRole('button', { name: '팀 참여하기' }).waitFor();
    // No member list for someone not in the team yet.
    expect(await page.getByText('가족별 팀원').count()).toBe(0);
    await screenshot(page, 'teams-invite-accept-new');
    await expectAccessible(page);

    // The numeric key the link once carried opens no team: counting ids finds nothing to join.
    await page.goto(`/team/${team.key}/${team.sub_challenge_id}/challenge`);
    await expect
      .poll(() => page.getByText('이 팀 초대 링크로는 팀을 찾을 수 없어요.', { exact: false }).count())
      .toBeGreaterThan(0);
    expect(await page.getByText('3기 새 출발').count()).toBe(0);
    expect(await page.getByRole('button', { name: '팀 참여하기' }).count()).toBe(0);
  });

  it('a full team answers a new family with the capacity popup (spec §8)', async () => {
    const team = seededTeam('3기 새 출발');
    const link = `/team/${team.id}/${team.sub_challenge_id}/challenge`;
    // The last free seat (one more is held by an invitation) goes to a first family…
    const first = await newFamilyOpens(link, '마지막자리');
    await first.waitForURL(`**${link}`);
    await first.getByRole('checkbox', { name: '팀 참여 약관에 동의해요' }).click();
    await first.getByRole('button', { name: '팀 참여하기' }).click();
    await first.waitForURL(`**/team/${team.id}/challenge/**`);
    // …so the next one is told the team is full, and the stored link is forgotten.
    const late = await newFamilyOpens(link, '늦은아빠');
    const popup = late.getByRole('dialog');
    await expect.poll(() => popup.getByText('이 팀은 자리가 다 찼어요.', { exact: false }).count()).toBe(1);
    expect(await late.evaluate(() => window.sessionStorage.getItem('teamCallbackUrl'))).toBeNull();
    await settled(popup);
    await screenshot(late, 'teams-capacity-popup');
    await expectAccessible(late);
  });

  it('tells a new family that the manager closed recruiting, in its own words (issue 25 item 5)', async () => {
    const team = seededTeam('꾸준히 모임');
    const db = new Database(suite.server.databaseFile);
    try {
      db.prepare('update teams set recruiting_open = 0 where id = ?').run(team.key);
    } finally {
      db.close();
    }
    const link = `/team/${team.id}/${team.sub_challenge_id}/always`;
    const family = await newFamilyOpens(link, '닫힌문');
    const popup = family.getByRole('dialog');
    await expect
      .poll(() => popup.getByText('이 팀은 지금 팀원을 모집하지 않아요.', { exact: false }).count())
      .toBe(1);
    expect(await popup.getByText('기간이 아니에요', { exact: false }).count()).toBe(0);
    await settled(popup);
    await screenshot(family, 'teams-recruiting-closed-popup');
    await expectAccessible(family);
  });

  it('shows the ended round in the history', async () => {
    const page = await newPage();
    await logInDemoParent(page);
    await page.goto('/challenge/history');
    await expect.poll(() => page.getByText('1기 완주 가족단').count()).toBe(1);
    await screenshot(page, 'teams-history');
    await expectAccessible(page);
    await page.goto('/team?tab=in_progress');
    await expect
      .poll(() =>
        page.getByRole('button', { name: '하늘 가족 건강단 즐겨찾기' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
  });

  it("loads the toasts' code at the first toast, and puts the toast in a live region already on the page", async () => {
    const page = await newPage();
    const toastCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/toast-viewport-[\w-]+\.js$/.test(request.url())) toastCode.push(request.url());
    });
    // When the toasts' live region (Base UI's viewport, "알림") came, and when a toast's words did.
    await page.addInitScript(() => {
      const seen: { region?: number; words?: number } = {};
      (window as unknown as { toastSeen: typeof seen }).toastSeen = seen;
      new MutationObserver(() => {
        const region = document.querySelector('[role="region"][aria-label="알림"][aria-live="polite"]');
        if (region && seen.region === undefined) seen.region = performance.now();
        if (region?.textContent?.includes('즐겨찾기') && seen.words === undefined)
          seen.words = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await logInDemoParent(page);
    await page.goto('/team?tab=in_progress');
    const favorite = page.getByRole('button', { name: '하늘 가족 건강단 즐겨찾기' });
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    // The page went idle (the app's idle work was asked for before this) and its requests are done:
    // nothing asked for the toasts' code.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.waitForLoadState('networkidle');
    expect(toastCode).toEqual([]);

    await favorite.click();
    const region = page.getByRole('region', { name: '알림' });
    await region.getByText('즐겨찾기에서 뺐어요', { exact: true }).waitFor();
    expect(toastCode).toHaveLength(1);
    const seen = await page.evaluate(
      () => (window as unknown as { toastSeen: { region?: number; words?: number } }).toastSeen,
    );
    // The words came at least the viewport's 100 ms settle after the region (LIVE_REGION_SETTLE_MS).
    expect(seen.words! - seen.region!).toBeGreaterThanOrEqual(90);
    await favorite.click();
    await region.getByText('즐겨찾기에 넣었어요', { exact: true }).waitFor();
    expect(toastCode).toHaveLength(1);
  });
});
