import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './browser.ts';

/** Shared steps of the end-to-end tests: logging in through the Kakao emulator, as a person does. */

/** The emulator's login page (apps/server/src/kakao/emulator/page.ts). */
export const EMULATOR_PAGE = /\/_emulator\/kakao\/oauth\/authorize/;

export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** /login/auth → 카카오 로그인 → the emulator's page. */
export async function openKakaoLogin(page: Page): Promise<void> {
  await page.goto('/login/auth');
  await page.getByRole('button', { name: '카카오 로그인' }).click();
  await page.waitForURL(EMULATOR_PAGE);
}

/** The demo parent 김하늘 (a pin user) through the emulator, landing on /home. */
export async function logInDemoParent(page: Page): Promise<void> {
  await openKakaoLogin(page);
  await page.getByRole('button', { name: /김하늘/ }).click();
  await page.waitForURL('**/home**');
}

/**
 * A new adult signs up from the page they are on: the caller brings the page to the emulator (by
 * /login/auth or a redirect), this fills the emulator's form, consents and starts.
 */
export async function signUpAtEmulator(page: Page, name: string): Promise<void> {
  await page.getByLabel('이름').fill(name);
  await page.getByLabel('생년월일').fill('1986-05-05');
  await page.getByLabel('전화번호 (선택)').fill('010-3333-4444');
  await page.getByRole('radio', { name: '동의' }).check();
  await page.getByRole('button', { name: '만들고 로그인' }).click();
  await page.waitForURL('**/login/agreement');
  await page.getByRole('checkbox', { name: /전체 동의/ }).click();
  await page.getByRole('button', { name: '동의하고 시작하기' }).click();
}

/** The h1 of the page, once it shows. */
export async function heading(page: Page): Promise<string | null> {
  return page.getByRole('heading', { level: 1 }).textContent();
}

/** Waits until a dialog finished its opening motion: axe measures contrast on what it sees. */
export async function settled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}
