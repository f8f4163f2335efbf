import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../server/src/db/seed/operators.ts';
import { addDays } from '@hamkke/contract/dates';
import { screenshot, serverToday } from './browser.ts';
import { submitCurrentTotp } from './admin-login.ts';
import { expectAccessible, logInDemoParent, useBrowserSuite } from './fixtures.ts';

/**
 * The operator desk (issue 9, first part): the demo operator signs in with password and TOTP,
 * writes a notice as a draft (the app does not show it), publishes it, and a parent sees it.
 */
describe('operator desk in Chromium', () => {
  const suite = useBrowserSuite();
  let desk: Page;
  let parent: Page;
  const title = `서버 점검 안내 ${Date.now() % 10_000}`;

  beforeAll(async () => {
    desk = await suite.desktopPage();
    parent = await suite.phonePage();
  });

  /** The parent's notice list, read once a seeded notice is on it (the answer has arrived). */
  async function noticeTitles(): Promise<string[]> {
    await parent.goto('/home/notice');
    await parent.getByRole('listitem').filter({ hasText: '사진 인증 화질 개선' }).waitFor();
    return parent.getByRole('listitem').allInnerTexts();
  }

  it('signs in with password and TOTP, refusing a wrong code first', async () => {
    await desk.goto('/admin');
    await desk.getByRole('heading', { name: '운영자 로그인' }).waitFor();
    await expectAccessible(desk);
    await desk.getByLabel('아이디').fill(DEMO_OPERATOR.loginId);
    await desk.getByLabel('비밀번호').fill(DEMO_OPERATOR.password);
    await desk.getByLabel('OTP 6자리').fill('000000');
    await desk.getByRole('button', { name: '로그인' }).click();
    await desk.getByRole('alert').getByText('아이디, 비밀번호 또는 OTP가 맞지 않아요.').waitFor();
    await submitCurrentTotp(desk);
    // The dashboard is the landing screen; the notices are one click away.
    await desk.getByRole('heading', { name: '대시보드', level: 1 }).waitFor();
    await desk.getByRole('link', { name: '공지사항' }).click();
    await desk.getByRole('heading', { name: '공지사항' }).waitFor();
    await desk.getByText('demo-admin · 관리자').waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-notices');
  });

  it('writes a draft the app does not show, then publishes it and a parent sees it', async () => {
    await desk.getByRole('button', { name: '새 공지' }).click();
    await desk.getByRole('heading', { name: '새 공지 작성' }).waitFor();
    await desk.getByLabel('제목').fill(title);
    await desk.getByLabel('본문').fill('<p>오늘 밤 12시부터 30분 동안 점검해요.</p>');
    await desk.getByLabel('상단에 고정').check();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-notice-form');
    await desk.getByRole('button', { name: '저장' }).click();
    const row = desk.getByRole('row', { name: new RegExp(title) });
    await expect.poll(() => row.innerText()).toContain('초안');

    await logInDemoParent(parent);
    expect((await noticeTitles()).some((text) => text.includes(title))).toBe(false);

    await row.getByRole('button', { name: `${title} 수정` }).click();
    await desk.getByRole('heading', { name: '공지 수정' }).waitFor();
    await desk.getByLabel('상태').selectOption('PUBLISHED');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByRole('row', { name: new RegExp(`${title}.*게시`) }).waitFor();

    expect((await noticeTitles()).some((text) => text.includes(title))).toBe(true);
    await parent.goto('/home');
    await parent.getByRole('link', { name: '공지사항, 새 공지가 있어요' }).waitFor();
    await screenshot(parent, 'admin-notice-in-app');

    // Every change is in the audit log, newest first.
    // The heading shows before the rows: wait for the rows themselves.
    await desk.getByRole('link', { name: '감사 기록' }).click();
    await expect.poll(() => desk.getByRole('row').nth(1).innerText()).toContain('공지 수정');
    await expect.poll(() => desk.getByRole('row').nth(2).innerText()).toContain('공지 등록');
    await expectAccessible(desk);
    await screenshot(desk, 'admin-audit');
  });

  it('makes a challenge and a round with two missions that a parent sees on /challenge at once', async () => {
    const challengeTitle = `겨울 걷기 챌린지 ${Date.now() % 10_000}`;
    const roundTitle = `${challengeTitle} 1기`;
    const today = await serverToday(suite.server.baseUrl);
    await desk.getByRole('link', { name: '챌린지' }).click();
    await desk.getByRole('heading', { name: '챌린지', exact: true }).waitFor();
    await desk.getByRole('button', { name: '새 챌린지' }).click();
    await desk.getByLabel('챌린지 이름').fill(challengeTitle);
    await desk.getByLabel('설명 (선택)').fill('추워도 가족과 함께 걸어요.');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByRole('button', { name: `${challengeTitle} 기수 추가` }).click();

    await desk.getByLabel('기수 이름').fill(roundTitle);
    await desk.getByLabel('모집 시작일').fill(addDays(today, 2));
    await desk.getByLabel('모집 마감일').fill(today);
    await desk.getByLabel('진행 시작일').fill(addDays(today, 10));
    await desk.getByLabel('진행 종료일').fill(addDays(today, 30));
    await desk.getByLabel('미션 이름').nth(0).fill('저녁 산책 20분');
    await desk.getByLabel('아이콘 (이모지 하나)').nth(0).fill('🚶');
    await desk.getByLabel('미션 이름').nth(1).fill('따뜻한 물 마시기');
    await desk.getByLabel('아이콘 (이모지 하나)').nth(1).fill('🍵');
    await desk.getByLabel('인증 방식').nth(1).selectOption('TEXT');
    // The browser checks the periods with the contract's own rules before sending.
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByText('모집 마감일은 모집 시작일과 같거나 그 뒤여야 해요.').waitFor();
    await desk.getByLabel('모집 시작일').fill(today);
    await desk.getByLabel('모집 마감일').fill(addDays(today, 9));
    await expectAccessible(desk);
    await screenshot(desk, 'admin-round-form');
    await desk.getByRole('button', { name: '저장' }).click();
    const row = desk.getByRole('row', { name: new RegExp(`${roundTitle}.*모집 중`) });
    await row.waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-challenges');

    // A second round whose running days overlap the first is refused by the server, on its field.
    await desk.getByRole('button', { name: `${challengeTitle} 기수 추가` }).click();
    await desk.getByLabel('기수 이름').fill(`${challengeTitle} 2기`);
    await desk.getByLabel('모집 시작일').fill(today);
    await desk.getByLabel('모집 마감일').fill(addDays(today, 19));
    await desk.getByLabel('진행 시작일').fill(addDays(today, 20));
    await desk.getByLabel('진행 종료일').fill(addDays(today, 40));
    await desk.getByLabel('미션 이름').nth(0).fill('줄넘기 100번');
    await desk.getByLabel('미션 이름').nth(1).fill('스트레칭');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByText('같은 챌린지의 다른 기수와 진행 기간이 겹쳐요.').waitFor();
    await desk.getByRole('button', { name: '취소' }).click();

    await parent.goto('/challenge');
    const card = parent.getByRole('article', { name: roundTitle });
    // The app draws the operator's emoji as its own icons (issue 25 item 9), beside each title.
    await expect
      .poll(async () => (await card.getByRole('listitem').allInnerTexts()).map((text) => text.trim()))
      .toEqual(['저녁 산책 20분', '따뜻한 물 마시기']);
    expect(await card.locator('li svg[data-app-icon="mission"]').count()).toBe(2);
    await card.scrollIntoViewIfNeeded();
    await screenshot(parent, 'admin-round-in-app');
  });

  it('pays pending data rewards in bulk with a reference, and the family sees them paid', async () => {
    await desk.getByRole('link', { name: '보상 지급' }).click();
    await desk.getByRole('heading', { name: '보상 지급' }).waitFor();
    await desk.getByLabel('종류').selectOption('TRAFFIC');
    const rows = desk.getByRole('row', { name: /김하늘|김별/ });
    await rows.first().waitFor();
    await expectAccessible(desk);
    await desk.getByRole('checkbox', { name: '이 페이지의 대기 건 모두 선택' }).check();
    await desk.getByLabel('지급 참조번호').fill('KT-DATA-2026-11');
    await screenshot(desk, 'admin-rewards-selected');
    await desk.getByRole('button', { name: /건 지급 완료$/ }).click();
    // Asked first in the console's dialog (issue 25).
    await desk.getByRole('alertdialog').getByRole('button', { name: '지급 완료로 바꾸기' }).click();
    await desk
      .getByRole('status')
      .getByText(/지급 완료로 바꿨어요/)
      .waitFor();
    await screenshot(desk, 'admin-rewards-paid');
    // Pending only: nothing of that kind is left.
    await desk.getByText('조건에 맞는 보상이 없어요.').waitFor();

    await parent.goto('/my/rewardHistory');
    const data = parent.getByRole('listitem').filter({ hasText: '데이터 보상' }).first();
    await expect.poll(() => data.innerText()).toContain('지급 완료');
  });

  it('puts up a popup with a display period that a parent sees on /home, with its preview first', async () => {
    const popupTitle = `겨울 방학 미션 ${Date.now() % 10_000}`;
    await desk.getByRole('link', { name: '팝업' }).click();
    await desk.getByRole('heading', { name: '팝업', exact: true }).waitFor();
    await desk.getByRole('button', { name: '새 팝업' }).click();
    await desk.getByLabel('제목').fill(popupTitle);
    await desk
      .getByLabel('내용 (빈 줄로 문단 나누기)')
      .fill('방학 동안 매일 함께 인증해요.\n\n지금 시작해 보세요.');
    // A link the app cannot open is refused with its field.
    await desk.getByLabel(/버튼 링크/).fill('javascript:alert(1)');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByText('앱 경로(/로 시작) 또는 https:// 주소만 쓸 수 있어요.').waitFor();
    await desk.getByLabel(/버튼 링크/).fill('/challenge');
    const preview = desk.getByRole('figure', { name: '미리 보기 (390px)' });
    await preview.getByText('지금 시작해 보세요.').waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-popup-form');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByRole('row', { name: new RegExp(`${popupTitle}.*게시 중`) }).waitFor();

    await parent.goto('/home');
    const dialog = parent.getByRole('dialog', { name: popupTitle });
    await dialog.waitFor();
    await screenshot(parent, 'admin-popup-in-app');
    await dialog.getByRole('button', { name: '닫기' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a forbidden word the app refuses at once, after trying a sentence against the list', async () => {
    await desk.getByRole('link', { name: '금칙어' }).click();
    await desk.getByRole('heading', { name: /^금칙어/ }).waitFor();
    await desk.getByLabel('확인할 문장').fill('오늘 무료 코인 받아 가세요');
    await desk.getByRole('button', { name: '확인', exact: true }).click();
    await desk.getByRole('status').getByText('금칙어가 없어요. 앱에서 그대로 올릴 수 있어요.').waitFor();
    await desk.getByLabel('새 금칙어 (2~30자)').fill('무료코인');
    await desk.getByRole('button', { name: '추가' }).click();
    await desk.getByRole('button', { name: '무료코인 삭제' }).waitFor();
    await desk.getByRole('button', { name: '확인', exact: true }).click();
    await desk.getByText('금칙어가 있어요: 무료코인').waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-forbidden-words');
    const answer = await fetch(`${suite.server.baseUrl}/v1/api/front/common/forbidden-word`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '무료 코인 나눠 드려요' }),
    });
    expect(((await answer.json()) as { response: { words: string[] } }).response.words).toEqual(['무료코인']);
  });

  it('adds a FAQ entry that /my/faq shows under its category', async () => {
    const question = `방학 중에도 미션이 있나요? ${Date.now() % 10_000}`;
    await desk.getByRole('link', { name: '자주 묻는 질문' }).click();
    await desk.getByRole('button', { name: '새 질문' }).click();
    await desk.getByLabel(/^분류/).fill('미션 인증');
    await desk.getByLabel('질문', { exact: true }).fill(question);
    await desk.getByLabel(/^답변/).fill('네, 방학에도 매일 미션이 열려요.');
    await desk.getByLabel(/^순서/).fill('0');
    await expectAccessible(desk);
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByRole('row', { name: new RegExp(question.replace('?', '\\?')) }).waitFor();
    await screenshot(desk, 'admin-faqs');

    await parent.goto('/my/faq');
    await parent.getByText(question).waitFor();
  });

  it("shows today's login logs, filtered by result", async () => {
    await desk.getByRole('link', { name: '로그' }).click();
    await desk.getByRole('heading', { name: '로그', exact: true }).waitFor();
    await desk.getByRole('button', { name: '로그인 로그' }).click();
    await desk.getByLabel('결과').selectOption('Y');
    // The demo parent signed in earlier in this file.
    const row = desk.getByRole('row', { name: /성공/ }).first();
    await row.waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-logs');
  });

  it("closes a team's recruiting and takes a member out on a complaint, both in the audit log", async () => {
    await desk.getByRole('link', { name: '팀', exact: true }).click();
    await desk.getByRole('heading', { name: '팀', exact: true }).waitFor();
    await desk.getByLabel('팀 이름').fill('꾸준히');
    const row = desk.getByRole('row', { name: /꾸준히 모임/ });
    // The unfiltered list holds the team too: wait for the search's answer (the header row and one team).
    await expect.poll(() => desk.getByRole('row').count()).toBe(2);
    await row.waitFor();
    await row.getByRole('button', { name: '보기 꾸준히 모임' }).click();
    const detail = desk.getByRole('region', { name: /꾸준히 모임 팀/ });
    // The members' rows, not only their heading, are there before they are counted.
    await detail.getByRole('row', { name: /자녀/ }).first().waitFor();
    const before = await detail.getByRole('row').count();

    await detail.getByLabel('사유 (민원 내용)').fill('팀 소개에 광고 문구');
    await detail.getByRole('button', { name: '모집 마감' }).click();
    await detail.getByRole('status').getByText('모집을 마감했어요.').waitFor();
    await detail.getByText('마감', { exact: true }).waitFor();

    const child = detail.getByRole('row', { name: /자녀/ }).first();
    const alias = (await child.getByRole('rowheader').innerText()).replace(/^.*\((.*)\)$/s, '$1');
    await child.getByRole('button', { name: `내보내기 ${alias}` }).click();
    await child.getByText(`${alias} 님만 팀에서 나가요.`).waitFor();
    await child.getByLabel('사유 (민원 내용)').fill('욕설 신고');
    await expectAccessible(desk);
    await screenshot(desk, 'admin-teams');
    await child.getByRole('button', { name: '내보내기 확인' }).click();
    await detail.getByRole('status').getByText('1명을 팀에서 내보냈어요.').waitFor();
    await expect.poll(() => detail.getByRole('row').count()).toBe(before - 1);

    await desk.getByRole('link', { name: '감사 기록' }).click();
    await expect.poll(() => desk.getByRole('row').nth(1).innerText()).toContain('팀원 내보내기');
    await expect.poll(() => desk.getByRole('row').nth(2).innerText()).toContain('팀 모집 마감');
  });
});
