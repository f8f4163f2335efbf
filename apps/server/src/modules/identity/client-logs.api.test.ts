import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createUser } from '../../../test/factories.ts';
import {
  callEndpoint,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';

describe.each(testDatabaseTargets())('public log calls on $name', (target) => {
  let t: TestContext;
  let victim: number;
  let victimHeaders: Record<string, string>;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(target);
    victim = await createUser(t.db);
    victimHeaders = await sessionHeadersFor(t.app, victim);
    otherHeaders = await sessionHeadersFor(t.app, await createUser(t.db));
  });
  afterAll(() => t.close());
  // Each test starts with this address's minute of reports unused.
  beforeEach(() => t.clock.advance(60 * 1000 + 1));

  const activity = (body: object, headers: Record<string, string> = {}) =>
    callEndpoint(t.app, 'user/save-user-activity-log', body, headers);
  const loginLog = (body: object, headers: Record<string, string> = {}) =>
    callEndpoint(t.app, 'login/login-log', body, headers);
  const activityRows = (title: string) =>
    t.db.selectFrom('activity_logs').selectAll().where('title', '=', title).execute();

  it('marks client reports with the caller’s address and names a person only with their own token', async () => {
    expect(
      (await activity({ eventType: 'LOGIN_ATTEMPT', userId: String(victim), title: 'anon' })).statusCode,
    ).toBe(200);
    expect(
      (
        await activity(
          { eventType: 'TEAM_JOIN_TERMS_AGREE', userId: String(victim), title: 'own' },
          victimHeaders,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await activity(
          { eventType: 'TEAM_JOIN_TERMS_AGREE', userId: String(victim), title: 'other' },
          otherHeaders,
        )
      ).statusCode,
    ).toBe(200);
    expect(await activityRows('anon')).toMatchObject([
      { user_id: null, source: 'CLIENT', ip_address: '127.0.0.1' },
    ]);
    expect(await activityRows('own')).toMatchObject([{ user_id: victim, source: 'CLIENT' }]);
    expect(await activityRows('other')).toMatchObject([{ user_id: null, source: 'CLIENT' }]);

    const logged = await loginLog({
      userId: String(victim),
      logdetail: 'client-failure',
      birthDate: '1990-01-01',
      result: 'N',
    });
    expect(logged.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('login_logs')
      .selectAll()
      .where('logdetail', '=', 'client-failure')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, birth_date: null, source: 'CLIENT', ip_address: '127.0.0.1' });

    // The server's own rows stay authoritative.
    await t.app.services.activity.record({ eventType: 'CHILD_ACCOUNT_CREATE', title: 'server' });
    expect(await activityRows('server')).toMatchObject([{ source: 'SERVER', ip_address: null }]);
  });

  it('takes only login attempts and failures without a token, and no successful login', async () => {
    for (const eventType of ['USER_WITHDRAWAL', 'TEAM_JOIN_SUCCESS', 'CHILD_ACCOUNT_DELETE']) {
      const refused = await activity({ eventType, userId: String(victim), title: 'forged' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    expect(await activityRows('forged')).toEqual([]);
    const success = await loginLog({ userId: String(victim), logdetail: 'forged-login', result: 'Y' });
    expect(success.statusCode).toBe(403);
    expect(
      await t.db.selectFrom('login_logs').select('id').where('logdetail', '=', 'forged-login').execute(),
    ).toEqual([]);
    // With the person's own token, the report is taken, and still marked as the client's.
    const own = await activity(
      { eventType: 'USER_WITHDRAWAL', userId: String(victim), title: 'own-report' },
      victimHeaders,
    );
    expect(own.statusCode).toBe(200);
    expect(await activityRows('own-report')).toMatchObject([{ user_id: victim, source: 'CLIENT' }]);
  });

  it('takes a few reports per minute per address', async () => {
    for (let report = 0; report < 5; report += 1) {
      expect((await activity({ eventType: 'KAKAO_LOGIN_ATTEMPT' })).statusCode).toBe(200);
    }
    const limited = await loginLog({ logdetail: 'one-too-many', result: 'N' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    t.clock.advance(60 * 1000 + 1);
    expect((await loginLog({ logdetail: 'next-minute', result: 'N' })).statusCode).toBe(200);
  });
});
