import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../server/src/db/seed/operators.ts';
import { totpCodeAt } from '../../server/src/lib/totp.ts';
import { startServer, type RunningServer } from '../../server/test/spawn-server.ts';
import { launchBrowser, phoneContext, screenshot, serverClock } from './browser.ts';
import { expectAccessible, logInDemoChild, logInDemoParent } from './fixtures.ts';

/**
 * Issue 45 item 3, "rewards say what is true", in Chromium at 360 px: the demo child's points and
 * data wait for their payout, and /home and /my/rewardHistory say 지급 대기 (never 받았어요 for them);
 * an operator pays the points through the console's API; the child's reward notice shows them
 * 지급 완료 with the Seoul day, and so does the parent's, which lists her child's rewards.
 */
describe('rewards that say what is true in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let childContext: BrowserContext;
  let parentContext: BrowserContext;
  let child: Page;
  let parent: Page;
  const noticeName = '1기 완주 가족단 결과가 나왔어요';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    childContext = await phoneContext(browser, server.baseUrl);
    parentContext = await phoneContext(browser, server.baseUrl);
    child = await childContext.newPage();
    parent = await parentContext.newPage();
  });
  afterAll(async () => {
    await childContext?.close().catch(() => undefined);
    await parentContext?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /** The demo operator through the console's API: sign-in (password and TOTP), then a call. */
  async function consoleCall<T>(path: string, body: object, session?: { cookie: string; csrf: string }) {
    const answer = await fetch(`${server.baseUrl}/v1/api/admin/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
    return { answer, body: ((await answer.json()) as { response: T }).response };
  }

  it("says 지급 대기 on the child's /home notice and reward history while the payout waits", async () => {
    await logInDemoChild(child);
    const notice = child.getByRole('region', { name: noticeName });
    await notice.waitFor();
    // The completion badge is paid at the close; points and data wait.
    await notice.getByText('보상 3개 중 1개를 받았어요. 나머지는 지급 대기예요.').waitFor();
    await notice.getByRole('button', { name: '5,000포인트 지급 대기' }).waitFor();
    await notice.getByRole('button', { name: '1,000MB 지급 대기' }).waitFor();
    expect(await notice.getByText('보상 3개를 받았어요').count()).toBe(0);
    await screenshot(child, 'reward-status-child-home-pending');
    await expectAccessible(child);

    await child.goto('/my/rewardHistory');
    const list = child.getByRole('region', { name: '보상 내역' }).last();
    await list.getByRole('button', { name: /5,000포인트.*지급 대기/ }).waitFor();
    // Her points and data wait; her completion badge is paid.
    const totals = child.getByRole('region', { name: '보상 합계' });
    expect(await totals.getByText('지급 대기', { exact: true }).count()).toBe(2);
    await totals.getByText('모두 지급 완료').waitFor();
    await screenshot(child, 'reward-status-child-history-pending');
    await expectAccessible(child);
  });

  it('says 지급 완료 with the day once an operator paid it, to the child and to the parent', async () => {
    const { now, today } = await serverClock(server.baseUrl);
    const signIn = await consoleCall<{ csrfToken: string }>('auth/login', {
      loginId: DEMO_OPERATOR.loginId,
      password: DEMO_OPERATOR.password,
      totp: totpCodeAt(DEMO_OPERATOR.totpSecret, now.getTime()),
    });
    const session = {
      cookie: signIn.answer.headers.get('set-cookie')!.split(';')[0]!,
      csrf: signIn.body.csrfToken,
    };
    const pending = await consoleCall<{ items: { rewardId: string; alias: string; kind: string }[] }>(
      'rewards/list',
      { status: 'PENDING', kind: 'PAID', limit: 100 },
      session,
    );
    const points = pending.body.items.find((item) => item.alias === '별이')!;
    expect(points).toBeDefined();
    const paid = await consoleCall<{ paid: number }>(
      'rewards/mark-paid',
      { rewardIds: [points.rewardId], payoutRef: 'E2E-45-3' },
      session,
    );
    expect(paid.body.paid).toBe(1);
    const [, month, day] = today.split('-').map(Number);
    const paidOn = new RegExp(`지급 완료 · ${month}월 ${day}일 \\(.\\)`);

    await child.goto('/home');
    const notice = child.getByRole('region', { name: noticeName });
    await notice.waitFor();
    await notice.getByText('보상 3개 중 2개를 받았어요. 나머지는 지급 대기예요.').waitFor();
    await notice.getByRole('button', { name: new RegExp(`^5,000포인트 ${paidOn.source}$`) }).waitFor();
    await notice.getByRole('button', { name: '1,000MB 지급 대기' }).waitFor();
    await screenshot(child, 'reward-status-child-home-paid');
    await expectAccessible(child);

    await child.goto('/my/rewardHistory');
    const list = child.getByRole('region', { name: '보상 내역' }).last();
    await list.getByRole('button', { name: new RegExp(`5,000포인트.*${paidOn.source}`) }).waitFor();
    const totals = child.getByRole('region', { name: '보상 합계' });
    expect(await totals.getByText('지급 대기', { exact: true }).count()).toBe(1);
    expect(await totals.getByText('모두 지급 완료').count()).toBe(2);
    await screenshot(child, 'reward-status-child-history-paid');
    await expectAccessible(child);

    // The parent's notice lists her child's rewards beside hers, each in its state.
    await logInDemoParent(parent);
    const family = parent.getByRole('region', { name: noticeName });
    await family.waitFor();
    await family.getByText('가족 보상 6개 중 4개를 받았어요. 나머지는 지급 대기예요.').waitFor();
    await family.getByRole('button', { name: new RegExp(`^별이 · 5,000포인트 ${paidOn.source}$`) }).waitFor();
    await family.getByRole('button', { name: '별이 · 1,000MB 지급 대기' }).waitFor();
    await screenshot(parent, 'reward-status-parent-home');
    await expectAccessible(parent);
  });
});
