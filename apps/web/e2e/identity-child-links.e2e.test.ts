import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot } from './browser.ts';
import { expectAccessible, heading, logInDemoParent, motionDone, storedSession, toast } from './fixtures.ts';

const CHILD_NAME = '새싹이';
const CHILD_ID = 'new-kid-01';
const FIRST_PASSWORD = 'sprout-pass-1';
const NEW_PASSWORD = 'sprout-pass-2';
const DEAD_LINK_SENTENCE = '링크가 만료되었거나 이미 사용했어요. 부모님께 새 링크를 부탁해 주세요.';

/** The address shown in the share UI, with its expiry line checked on the way. */
async function sharedLinkUrl(
  scope: Page | ReturnType<Page['getByRole']>,
  baseUrl: string,
  kind: 'id' | 'pw',
) {
  const field = scope.getByLabel('링크 주소');
  const shape = new RegExp(`^${baseUrl.replace(/[.:/]/g, '\\$&')}/login/${kind}/[A-Za-z0-9_-]{32,64}$`);
  await expect.poll(() => field.inputValue()).toMatch(shape);
  const url = await field.inputValue();
  await expect
    .poll(() => scope.getByText(/\d{1,2}월 \d{1,2}일 \([월화수목금토일]\) \d{2}:\d{2}까지/).count())
    .toBe(1);
  return url;
}

describe('child links in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The demo parent's alias, as the child link pages name the parent. */
  let parentAlias: string;
  let parentPage: Page;
  const contexts: BrowserContext[] = [];

  async function freshContext(): Promise<BrowserContext> {
    const context = await phoneContext(browser, server.baseUrl);
    contexts.push(context);
    return context;
  }

  /** A page in a brand-new profile: no session, no cookies, as on the child's own phone. */
  async function childPage(): Promise<Page> {
    return (await freshContext()).newPage();
  }

  async function logInAsChild(page: Page, password: string) {
    await page.getByLabel('비밀번호', { exact: true }).fill(password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    parentPage = await (await freshContext()).newPage();
    await logInDemoParent(parentPage);
    parentAlias = (await storedSession(parentPage))?.userInfo?.alias;
    expect(parentAlias).toBe('하늘맘');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it('lets a parent invite a child who agrees, picks an id and password, logs in, and cannot use the link twice', async () => {
    const page = parentPage;
    await page.goto('/my/children');
    await expect.poll(() => heading(page)).toBe('자녀 관리');
    await page.getByRole('button', { name: '자녀 가입 링크 만들기' }).click();
    const sheet = page.getByRole('dialog', { name: '자녀 가입 링크 만들기' });
    await sheet.waitFor();
    // The name is checked before any call.
    await sheet.getByRole('button', { name: '링크 만들기' }).click();
    await sheet.getByText('이름을 1~20자로 입력해 주세요.').waitFor();
    await motionDone(page);
    await screenshot(page, 'child-links-invite-form');
    await sheet.getByLabel('아이 이름').fill(CHILD_NAME);
    // The parent's consent to the child's data goes with the link (decision 038).
    await sheet.getByRole('checkbox', { name: /아동의 개인정보 수집·이용에 동의해요/ }).click();
    await sheet.getByRole('button', { name: '링크 만들기' }).click();
    await sheet.getByText(`${CHILD_NAME}님의 자녀 가입 링크를 만들었어요`).waitFor();
    const inviteUrl = await sharedLinkUrl(sheet, server.baseUrl, 'id');
    await motionDone(page);
    await screenshot(page, 'child-links-invite-sheet');
    await expectAccessible(page);
    // No share sheet in headless Chromium: the link is copied instead.
    await sheet.getByRole('button', { name: '링크 공유하기' }).click();
    await toast(page, '링크를 복사했어요');
    await sheet.getByRole('button', { name: '닫기' }).click();
    await sheet.waitFor({ state: 'hidden' });

    // The child's phone: no session.
    const child = await childPage();
    const infoCalls: number[] = [];
    child.on('response', (response) => {
      if (response.url().endsWith('/login/child-link-info')) infoCalls.push(response.status());
    });
    await child.goto(inviteUrl);
    await expect.poll(() => heading(child)).toBe(`${parentAlias}님이 ${CHILD_NAME}님의 계정을 만들었어요`);
    expect(await child.title()).toBe('자녀 계정 등록 | 함께미션');
    expect(infoCalls).toContain(200);
    for (const [name, href] of [
      ['이용약관 보기 (새 창)', '/login/termsofuse'],
      ['개인정보 처리방침 보기 (새 창)', '/login/privacyPolicy'],
    ] as const) {
      const view = child.getByRole('link', { name });
      await expect.poll(() => view.getAttribute('href')).toBe(href);
      await expect.poll(() => view.getAttribute('target')).toBe('_blank');
    }
    await screenshot(child, 'child-links-register');
    await expectAccessible(child);

    // Everything missing: each problem next to its place, focus on the first.
    await child.getByRole('button', { name: '가입하기' }).click();
    await child.getByText('필수 약관에 모두 동의해 주세요.').waitFor();
    await child.getByText('아이디는 영문 소문자, 숫자, -, _로 4~20자여야 해요.').waitFor();
    await child.getByText('비밀번호를 8~64자로 입력해 주세요.').waitFor();
    await child.getByText('비밀번호를 한 번 더 입력해 주세요.').waitFor();
    await expect
      .poll(() => child.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('checkbox');
    await screenshot(child, 'child-links-register-errors');
    await expectAccessible(child);

    await child.getByRole('checkbox', { name: '이용약관 (필수)' }).click();
    await child.getByRole('checkbox', { name: '개인정보 처리방침 (필수)' }).click();
    await expect.poll(() => child.getByText('필수 약관에 모두 동의해 주세요.').count()).toBe(0);
    // The seeded demo child has this id: the server's 409 shows next to the id.
    await child.getByLabel('아이디', { exact: true }).fill('demo-child');
    await child.getByLabel('비밀번호', { exact: true }).fill(FIRST_PASSWORD);
    await child.getByLabel('비밀번호 확인').fill(`${FIRST_PASSWORD}x`);
    await child.getByRole('button', { name: '가입하기' }).click();
    await child.getByText('비밀번호가 서로 달라요. 다시 확인해 주세요.').waitFor();
    await child.getByLabel('비밀번호 확인').fill(FIRST_PASSWORD);
    const conflict = child.waitForResponse((response) => response.url().endsWith('/login/register-children'));
    await child.getByRole('button', { name: '가입하기' }).click();
    expect((await conflict).status()).toBe(409);
    await child.getByText('이미 사용 중인 아이디예요. 다른 아이디를 정해 주세요.').waitFor();

    // A phone capitalises the first letter; the id is sent in lower case.
    await child.getByLabel('아이디', { exact: true }).fill('New-kid-01');
    await child.getByRole('button', { name: '가입하기' }).click();
    await expect.poll(() => heading(child)).toBe('가입이 끝났어요');
    await child.getByText(`아이디 ${CHILD_ID}`).waitFor();
    await screenshot(child, 'child-links-registered');
    await expectAccessible(child);

    await child.getByRole('link', { name: '로그인하러 가기' }).click();
    await child.waitForURL(`**/login/children?id=${CHILD_ID}`);
    await expect.poll(() => child.getByLabel('아이디', { exact: true }).inputValue()).toBe(CHILD_ID);
    await screenshot(child, 'child-links-login-prefilled');
    await logInAsChild(child, FIRST_PASSWORD);
    // A child's first sign-in shows the notice about their data once (issue 32 item 2).
    await child.waitForURL('**/my/child-notice');
    await child.getByRole('button', { name: '확인했어요' }).click();
    await child.waitForURL('**/home');
    const session = await storedSession(child);
    expect(session?.userInfo?.userType).toBe('CHILD');
    expect(session?.userInfo?.userNm).toBe(CHILD_NAME);

    // The parent sees the new child in the list.
    await page.reload();
    const list = page.getByRole('region', { name: '자녀 목록' });
    await expect.poll(() => list.textContent()).toContain(CHILD_NAME);
    await expect.poll(() => list.textContent()).toContain(`아이디 ${CHILD_ID}`);

    // The link was good once.
    const again = await childPage();
    await again.goto(inviteUrl);
    await expect.poll(() => heading(again)).toBe('링크를 열 수 없어요');
    await again.getByText(DEAD_LINK_SENTENCE).waitFor();
    await expect
      .poll(() => again.getByRole('link', { name: '자녀 로그인으로 가기' }).getAttribute('href'))
      .toBe('/login/children');
    await screenshot(again, 'child-links-dead');
    await expectAccessible(again);
  });

  it('lets a parent make a password link; the child sets a new password and logs in with it', async () => {
    const page = parentPage;
    await page.goto('/my/children');
    await page
      .getByRole('region', { name: '자녀 목록' })
      .getByRole('link', { name: new RegExp(CHILD_NAME) })
      .click();
    await page.waitForURL(/\/my\/children-info\/\d+$/);
    const section = page.getByRole('region', { name: '비밀번호 재설정 링크' });
    await section.getByRole('button', { name: '재설정 링크 만들기' }).click();
    const resetUrl = await sharedLinkUrl(section, server.baseUrl, 'pw');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'child-links-reset-link');
    await expectAccessible(page);
    const token = new URL(resetUrl).pathname.split('/').pop()!;

    const child = await childPage();
    // While the link is looked up, the page keeps its shape with a skeleton.
    let releaseInfo = () => {};
    const infoHeld = new Promise<void>((resolve) => (releaseInfo = resolve));
    await child.route('**/login/child-link-info', async (route) => {
      await infoHeld;
      await route.continue();
    });
    // A reset link opened on the registration page moves to its own page.
    await child.goto(`/login/id/${token}`);
    await child.getByRole('status', { name: '불러오는 중이에요' }).first().waitFor();
    expect(await heading(child)).toBe('자녀 계정 등록');
    await screenshot(child, 'child-links-loading');
    await expectAccessible(child);
    releaseInfo();
    await child.waitForURL(`**/login/pw/${token}`);
    await expect.poll(() => heading(child)).toBe(`${CHILD_NAME}님의 새 비밀번호를 정해 주세요`);
    expect(await child.title()).toBe('자녀 비밀번호 변경 | 함께미션');
    await child.getByText(`아이디 ${CHILD_ID}`).waitFor();
    await screenshot(child, 'child-links-reset');
    await expectAccessible(child);

    await child.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
    await child.getByLabel('새 비밀번호 확인').fill('something-else');
    await child.getByRole('button', { name: '비밀번호 바꾸기' }).click();
    await child.getByText('비밀번호가 서로 달라요. 다시 확인해 주세요.').waitFor();
    await expect
      .poll(() => child.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('confirmPassword');
    await screenshot(child, 'child-links-reset-mismatch');
    await expectAccessible(child);
    await child.getByLabel('새 비밀번호 확인').fill(NEW_PASSWORD);
    await child.getByRole('button', { name: '비밀번호 바꾸기' }).click();
    await child.waitForURL(`**/login/children?id=${CHILD_ID}`);
    await toast(child, '비밀번호를 바꿨어요. 새 비밀번호로 로그인해 주세요.');
    await expect.poll(() => child.getByLabel('아이디', { exact: true }).inputValue()).toBe(CHILD_ID);

    // The old password no longer works; the new one does.
    await logInAsChild(child, FIRST_PASSWORD);
    await expect
      .poll(() => child.getByRole('alert').first().textContent())
      .toBe('로그인에 실패했어요. 입력한 정보를 다시 확인해 주세요.');
    await logInAsChild(child, NEW_PASSWORD);
    await child.waitForURL('**/home');
    expect((await storedSession(child))?.userInfo?.userNm).toBe(CHILD_NAME);

    // The reset link, too, was good once.
    const again = await childPage();
    await again.goto(resetUrl);
    await expect.poll(() => heading(again)).toBe('링크를 열 수 없어요');
    await again.getByText(DEAD_LINK_SENTENCE).waitFor();
  });
});
