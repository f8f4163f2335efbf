import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { desktopContext, launchBrowser, phoneContext, screenshot, serverToday } from './browser.ts';
import { expectAccessible, openKakaoLogin, signUpAtEmulator } from './fixtures.ts';
import { logInDemoOperator } from './admin-login.ts';

/**
 * The console's content screens (issue 9): the operator uploads a membership CSV, reads the dry
 * run, applies it and finds the new member; publishes a required terms version, and a parent who
 * agreed before is asked to agree again at their next login.
 */
describe('content screens of the console in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let operatorContext: BrowserContext;
  let desk: Page;
  const contexts: BrowserContext[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-registry-'));
  const suffix = String(Date.now() % 100_000).padStart(5, '0');
  const newMember = `E2E-${suffix}`;
  /** The parent of the terms test, logged in again after agreeing. */
  let agreedParent: Page | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    operatorContext = await desktopContext(browser, server.baseUrl);
    desk = await operatorContext.newPage();
    // The console asks before applying or publishing.
    desk.on('dialog', (dialog) => void dialog.accept());
    await logInDemoOperator(desk);
  });
  afterAll(async () => {
    for (const context of [operatorContext, ...contexts]) await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('dry-runs a CSV (new, changed and rejected rows with reasons), applies it and finds the new member', async () => {
    await desk.getByRole('link', { name: '회원 명부' }).click();
    await desk.getByRole('heading', { name: '회원 명부' }).waitFor();
    await expectAccessible(desk);

    const bad = path.join(dir, 'registry-bad.csv');
    fs.writeFileSync(
      bad,
      [
        '회원번호,이름,전화번호,생년월일',
        `${newMember},오가람,010-4545-${suffix.slice(1)},1987-03-09`,
        'E2E-BAD-1,,010-1111-2222,',
        'E2E-BAD-2,나쁜번호,02-123-4567,',
        'E2E-BAD-3,날짜오류,010-2222-3333,1990-02-30',
      ].join('\n'),
    );
    await desk.getByLabel('CSV 파일').setInputFiles(bad);
    await desk.getByRole('button', { name: '미리 보기' }).click();
    await desk.getByText('전체 4줄 · 새 회원 1 · 변경 0 · 그대로 0 · 거부 3').waitFor();
    const rows = desk.getByRole('table').first().getByRole('row');
    await expect.poll(() => rows.nth(2).innerText()).toContain('이름이 없어요');
    await expect.poll(() => rows.nth(3).innerText()).toContain('휴대전화 번호가 아니에요');
    await expect.poll(() => rows.nth(4).innerText()).toContain('생년월일이 올바른 날짜가 아니에요');
    await desk.getByText('거부된 줄이 있으면 적용할 수 없어요.', { exact: false }).waitFor();
    await expect.poll(() => desk.getByRole('button', { name: /적용하기/ }).isDisabled()).toBe(true);
    await expectAccessible(desk);
    await screenshot(desk, 'admin-registry-dry-run-rejected');

    const good = path.join(dir, 'registry.csv');
    fs.writeFileSync(
      good,
      [
        '회원번호,이름,전화번호,생년월일',
        `${newMember},오가람,010-4545-${suffix.slice(1)},1987-03-09`,
        'ABO-27940583,이서준,010-3344-7788,1985-11-02',
      ].join('\r\n'),
    );
    await desk.getByLabel('CSV 파일').setInputFiles(good);
    await desk.getByRole('button', { name: '미리 보기' }).click();
    await desk.getByText('전체 2줄 · 새 회원 1 · 변경 1 · 그대로 0 · 거부 0').waitFor();
    const table = desk.getByRole('table').first();
    await expect.poll(() => table.innerText()).toContain('전화번호 바뀜');
    await expect.poll(() => table.innerText()).toContain('새 회원');
    await expect.poll(() => table.innerText()).toContain('010-****-7788');
    await screenshot(desk, 'admin-registry-dry-run');
    await desk.getByRole('button', { name: '적용하기 (새 회원 1명, 변경 1명)' }).click();
    await desk
      .getByRole('alertdialog', { name: '새 회원 1명을 추가하고 1명을 바꿀까요?' })
      .getByRole('button', { name: '확인' })
      .click();
    await desk.getByText('적용했어요. 새 회원 1명, 변경 1명.').waitFor();

    await desk.getByLabel('이름, 전화번호 뒤 4자리 또는 회원번호').fill('오가람');
    await desk.getByRole('button', { name: '검색' }).click();
    const found = desk.getByRole('row', { name: new RegExp(newMember) });
    await expect.poll(() => found.innerText()).toContain(`010-****-${suffix.slice(1)}`);
    await expect.poll(() => desk.locator('main').innerText()).not.toContain(`4545-${suffix.slice(1)}`);
    await expectAccessible(desk);
    await screenshot(desk, 'admin-registry-search');
  });

  it('reads a CSV Korean Excel saved (CP949), says so, and names the rows it cannot read', async () => {
    // 회원번호,이름,전화번호 / 홍길동 / 김똠이 in CP949 (똠 is one of the syllables CP949 adds), then a stray byte.
    const cp949 = (hex: string) => Buffer.from(hex, 'hex');
    const ascii = (text: string) => Buffer.from(text, 'ascii');
    const header = Buffer.concat([
      cp949('c8b8bff8b9f8c8a3'),
      ascii(','),
      cp949('c0ccb8a7'),
      ascii(','),
      cp949('c0fcc8adb9f8c8a3'),
    ]);
    const korean = path.join(dir, 'registry-cp949.csv');
    fs.writeFileSync(
      korean,
      Buffer.concat([
        header,
        ascii(`\r\nE2E-CP-${suffix},`),
        cp949('c8abb1e6b5bf'),
        ascii(`,010-5656-${suffix.slice(1)}\r\nE2E-CQ-${suffix},`),
        cp949('b1e88c63c0cc'),
        ascii(`,010-5757-${suffix.slice(1)}\r\nE2E-CR-${suffix},`),
        cp949('c8abff'),
        ascii(`,010-5858-${suffix.slice(1)}\r\n`),
      ]),
    );
    await desk.getByLabel('CSV 파일').setInputFiles(korean);
    await desk.getByRole('button', { name: '미리 보기' }).click();
    await desk.getByText('전체 3줄 · 새 회원 2 · 변경 0 · 그대로 0 · 거부 1').waitFor();
    await desk.getByText('읽은 인코딩: CP949 (EUC-KR, 한국어 Excel 기본)').waitFor();
    await desk.getByText('읽을 수 없는 글자가 있는 줄: 4.', { exact: false }).waitFor();
    const table = desk.getByRole('table').first();
    await expect.poll(() => table.innerText()).toContain('홍길동');
    await expect.poll(() => table.innerText()).toContain('김똠이');
    await expect.poll(() => table.innerText()).toContain('UTF-8로도 CP949로도 읽을 수 없는 글자가 있어요');
    await expectAccessible(desk);
    await screenshot(desk, 'admin-registry-cp949');
    await desk.setViewportSize({ width: 360, height: 780 });
    await screenshot(desk, 'admin-registry-cp949-360');
    await expectAccessible(desk);
    await desk.setViewportSize({ width: 1280, height: 800 });
  });

  it('publishes a required terms version; a parent who agreed before agrees again at the next login', async () => {
    // A parent signs up and agrees to the versions in force.
    const first = await phoneContext(browser, server.baseUrl);
    contexts.push(first);
    const parent = await first.newPage();
    const name = `재동의${suffix}`;
    await openKakaoLogin(parent);
    await signUpAtEmulator(parent, name);
    await parent.waitForURL('**/home**');

    await desk.getByRole('link', { name: '약관' }).click();
    await desk.getByRole('heading', { name: '약관과 개인정보 처리방침' }).waitFor();
    await desk.getByRole('row').nth(1).waitFor();
    await expectAccessible(desk);
    await desk.getByRole('button', { name: '새 버전 게시' }).click();
    await desk.getByRole('heading', { name: '이용약관 새 버전 게시' }).waitFor();
    const version = `9.${suffix}`;
    await desk.getByLabel('버전 (예: 1.2)').fill(version);
    await desk.getByLabel('시행일').fill(await serverToday(server.baseUrl));
    await desk
      .getByLabel('본문 (빈 줄로 문단 나누기)')
      .fill('제1조 (목적) 새로 바뀐 이용약관이에요.\n\n제2조 …');
    await expect.poll(() => desk.getByLabel(/필수 동의 버전/).isChecked()).toBe(true);
    await expectAccessible(desk);
    await screenshot(desk, 'admin-terms-publish');
    await desk.getByRole('button', { name: '게시' }).click();
    // The console asks in its own dialog (issue 25), not the browser's confirm().
    await desk.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    const row = desk.getByRole('row', { name: new RegExp(version.replace('.', '\\.')) });
    await expect.poll(() => row.innerText()).toContain('시행 중');
    await screenshot(desk, 'admin-terms');

    // The same person logs in again in a new browser: back to the agreement step first.
    const second = await phoneContext(browser, server.baseUrl);
    contexts.push(second);
    const again = await second.newPage();
    await openKakaoLogin(again);
    await again.getByRole('button', { name: new RegExp(name) }).click();
    await again.waitForURL('**/login/agreement');
    await again.getByText(version, { exact: false }).first().waitFor();
    await screenshot(again, 'admin-terms-agree-again');
    await again.getByRole('checkbox', { name: /전체 동의/ }).click();
    await again.getByRole('button', { name: '동의하고 시작하기' }).click();
    await again.waitForURL('**/home**');
    agreedParent = again;
  });

  it('edits the service info the app shows at once, and adds then deactivates a common code', async () => {
    const title = `함께미션 안내 ${suffix}`;
    await desk.getByRole('link', { name: '서비스 안내' }).click();
    await desk.getByRole('heading', { name: '서비스 안내' }).first().waitFor();
    await desk.getByLabel('제목').fill(title);
    await desk
      .getByLabel('본문 (빈 줄로 문단 나누기)')
      .fill('가족이 함께 건강한 습관을 만들어요.\n\n고객센터: 평일 10시~18시');
    await desk.getByRole('button', { name: '저장' }).click();
    await desk.getByText('저장했어요. 앱에 바로 보여요.').waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-service-info');
    expect(agreedParent).toBeDefined();
    await agreedParent!.goto('/my/serviceinfo');
    await agreedParent!.getByRole('heading', { name: title }).waitFor();

    await desk.getByRole('link', { name: '공통 코드' }).click();
    await desk.getByRole('heading', { name: '공통 코드' }).waitFor();
    await desk.getByRole('button', { name: '새 코드' }).click();
    await desk.getByLabel('그룹 (예: PROOF_TYPE)').fill('MEDAL');
    await desk.getByLabel('코드 (영문, 숫자, _ -)').fill(`E2E_${suffix}`);
    await desk.getByLabel('이름', { exact: true }).fill('참가 메달');
    await desk.getByLabel('순서 (작을수록 먼저)').fill('9');
    await desk.getByRole('button', { name: '저장' }).click();
    const row = desk.getByRole('row', { name: new RegExp(`E2E_${suffix}`) });
    await expect.poll(() => row.innerText()).toContain('사용 중');
    await row.getByRole('button', { name: '참가 메달 사용 중지' }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: '사용 중지' }).click();
    await desk
      .getByRole('row', { name: new RegExp(`E2E_${suffix}.*사용 중지`) })
      .getByRole('button', { name: '참가 메달 다시 사용' })
      .waitFor();
    await expectAccessible(desk);
    await screenshot(desk, 'admin-common-codes');
  });
});
