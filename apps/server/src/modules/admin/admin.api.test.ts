import {
  CSRF_HEADER,
  OPERATOR_COOKIE,
  roleMayCall,
  type OperatorRole,
} from '@hamkke/contract/admin/endpoint';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedOperators } from '../../db/seed/operators.ts';
import { totpCodeAt } from '../../lib/totp.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createUser } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';
import { createOperatorAccountsService } from './operator-accounts.service.ts';

interface Console {
  cookie: string;
  csrf: string;
  headers: Record<string, string>;
}

describe.each(testDatabaseTargets())('operator console API on $name', (target) => {
  const t = useTestContext(target);
  const accounts: Record<OperatorRole, { loginId: string; password: string; totpSecret: string }> =
    {} as never;
  const sessions: Partial<Record<OperatorRole, Console>> = {};

  const admin = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers, payload: body as object });

  /** The next TOTP step: a code works once, so each login moves the clock on by 30 s. */
  async function logIn(role: OperatorRole): Promise<Console> {
    t.clock.advance(30_000);
    const account = accounts[role];
    const res = await admin('auth/login', {
      loginId: account.loginId,
      password: account.password,
      totp: totpCodeAt(account.totpSecret, t.clock.now().getTime()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((entry) => entry.name === OPERATOR_COOKIE)!;
    const csrf = (res.json() as { response: { csrfToken: string } }).response.csrfToken;
    return {
      cookie: cookie.value,
      csrf,
      headers: { cookie: `${OPERATOR_COOKIE}=${cookie.value}`, [CSRF_HEADER]: csrf },
    };
  }

  beforeAll(async () => {
    const service = createOperatorAccountsService({ db: t.db, clock: t.clock.now });
    for (const role of ['admin', 'content', 'support'] as const) {
      accounts[role] = await service.create({ loginId: `ops-${role}`, role });
    }
    for (const role of ['admin', 'content', 'support'] as const) sessions[role] = await logIn(role);
  });

  it('signs in with password and a one-time TOTP code into an HttpOnly, SameSite=Strict cookie', async () => {
    t.clock.advance(30_000);
    const account = accounts.content;
    const code = totpCodeAt(account.totpSecret, t.clock.now().getTime());
    const res = await admin('auth/login', {
      loginId: account.loginId,
      password: account.password,
      totp: code,
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((entry) => entry.name === OPERATOR_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/api/admin' });
    expect(res.json().response.operator).toEqual({
      operatorId: expect.any(String),
      loginId: 'ops-content',
      role: 'content',
    });
    // The same code again (a replay) is refused, even with the right password.
    const replay = await admin('auth/login', {
      loginId: account.loginId,
      password: account.password,
      totp: code,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_CREDENTIALS');
    // auth/me answers the session; logout ends it.
    const headers = {
      cookie: `${OPERATOR_COOKIE}=${cookie.value}`,
      [CSRF_HEADER]: res.json().response.csrfToken,
    };
    expect((await admin('auth/me', {}, headers)).json().response.operator.loginId).toBe('ops-content');
    expect((await admin('auth/logout', {}, headers)).statusCode).toBe(200);
    expect((await admin('auth/me', {}, headers)).statusCode).toBe(401);
  });

  it('limits wrong passwords and codes: the sixth try is refused even when right', async () => {
    const account = accounts.support;
    t.clock.advance(30_000);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await admin('auth/login', {
        loginId: account.loginId,
        password: attempt % 2 ? 'wrong-password' : account.password,
        totp: '000000',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await admin('auth/login', {
      loginId: account.loginId,
      password: account.password,
      totp: totpCodeAt(account.totpSecret, t.clock.now().getTime()),
    });
    expect(right.statusCode).toBe(429);
    t.clock.advance(16 * 60_000);
  });

  it('needs the cookie, the CSRF token and the same site on every call', async () => {
    const session = sessions.admin!;
    expect((await admin('notices/list', {})).statusCode).toBe(401);
    const cookieOnly = { cookie: `${OPERATOR_COOKIE}=${session.cookie}` };
    // Every call needs the proof but auth/me, the read that hands it to a reloaded page.
    expect(t.app.adminEndpoints.filter((endpoint) => endpoint.csrf === false).map((e) => e.path)).toEqual([
      'auth/me',
    ]);
    expect((await admin('auth/me', {}, cookieOnly)).statusCode).toBe(200);
    for (const endpoint of t.app.adminEndpoints) {
      if (endpoint.access === 'public' || endpoint.csrf === false) continue;
      expect((await admin(endpoint.path, {}, cookieOnly)).statusCode, endpoint.path).toBe(403);
    }
    const wrongProof = await admin('notices/list', {}, { ...session.headers, [CSRF_HEADER]: 'x'.repeat(32) });
    expect(wrongProof.statusCode).toBe(403);
    const crossSite = await admin('notices/list', {}, { ...session.headers, origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await admin('notices/list', {}, { ...session.headers, origin: 'http://localhost:80' });
    expect(sameSite.statusCode).toBe(200);
  });

  it('keeps app tokens out of the console and operator cookies out of the app', async () => {
    const appHeaders = await sessionHeadersFor(t.app, await createUser(t.db));
    expect((await admin('notices/list', {}, appHeaders)).statusCode).toBe(401);
    expect((await admin('auth/me', {}, appHeaders)).statusCode).toBe(401);
    const withCookie = await callEndpoint(t.app, 'home/mission-list', {}, sessions.admin!.headers);
    expect(withCookie.statusCode).toBe(401);
  });

  it('lets each role reach only its calls (403 otherwise)', async () => {
    // Every call but the login, and the logout (it would end the sessions the matrix goes on with).
    const guarded = t.app.adminEndpoints.filter(
      (endpoint) => endpoint.access !== 'public' && endpoint.path !== 'auth/logout',
    );
    expect(guarded.length).toBeGreaterThanOrEqual(6);
    const seen: string[] = [];
    for (const endpoint of guarded) {
      for (const role of ['admin', 'content', 'support'] as const) {
        const res = await admin(endpoint.path, {}, sessions[role]!.headers);
        const allowed = roleMayCall(role, endpoint.access);
        if (allowed) expect(res.statusCode, `${role} ${endpoint.path}`).not.toBe(403);
        else expect(res.statusCode, `${role} ${endpoint.path}`).toBe(403);
        seen.push(`${role}:${endpoint.path}:${allowed ? 'yes' : 'no'}`);
      }
    }
    expect(seen).toContain('support:notices/create:no');
    expect(seen).toContain('content:notices/create:yes');
    expect(seen).toContain('content:audit/list:no');
  });

  it('publishes a notice to the app at once, keeps drafts out, and audits every change once', async () => {
    const session = sessions.content!;
    const reader = await sessionHeadersFor(t.app, await createUser(t.db));
    const topList = async () =>
      (await callEndpoint(t.app, 'home/notice-top-list', {}, reader)).json().response;
    const auditCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await auditCount();
    const draft = await admin(
      'notices/create',
      { title: '점검 안내 초안', content: '<p>초안</p><script>x</script>', isTop: true },
      session.headers,
    );
    expect(draft.statusCode).toBe(200);
    expect(draft.json().response).toMatchObject({ status: 'DRAFT', content: '<p>초안</p>' });
    expect((await topList()).items).toEqual([]);
    expect(await auditCount()).toBe(before + 1);

    const published = await admin(
      'notices/update',
      {
        noticeId: draft.json().response.noticeId,
        title: '점검 안내',
        content: '<p>본문</p>',
        isTop: true,
        status: 'PUBLISHED',
      },
      session.headers,
    );
    expect(published.statusCode).toBe(200);
    const top = await topList();
    expect(top.hasNew).toBe(true);
    expect(top.items.map((item: { title: string }) => item.title)).toEqual(['점검 안내']);
    expect(await auditCount()).toBe(before + 2);

    const log = await admin('audit/list', { action: 'notice.update' }, sessions.admin!.headers);
    const entry = log.json().response.items[0];
    expect(entry).toMatchObject({
      operatorLoginId: 'ops-content',
      target: `notice:${draft.json().response.noticeId}`,
    });
    expect(JSON.parse(entry.summary)).toMatchObject({
      before: { status: 'DRAFT' },
      after: { status: 'PUBLISHED' },
    });

    // An impossible change is refused with its fields, and nothing is written or audited.
    const bad = await admin(
      'notices/update',
      { noticeId: '999999', title: '', content: 'x' },
      session.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ path: 'title' })]);
    expect(
      (await admin('notices/update', { noticeId: '999999', title: '없음', content: 'x' }, session.headers))
        .statusCode,
    ).toBe(404);
    expect(await auditCount()).toBe(before + 2);

    const removed = await admin(
      'notices/delete',
      { noticeId: draft.json().response.noticeId },
      session.headers,
    );
    expect(removed.statusCode).toBe(200);
    expect((await topList()).items).toEqual([]);
    expect(await auditCount()).toBe(before + 3);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const row = await t.db.selectFrom('audit_logs').select('id').executeTakeFirstOrThrow();
    await expect(sql`update audit_logs set action = 'x' where id = ${row.id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_logs where id = ${row.id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it('ends a session after 30 idle minutes', async () => {
    const session = await logIn('admin');
    t.clock.advance(29 * 60_000);
    expect((await admin('auth/me', {}, session.headers)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await admin('auth/me', {}, session.headers)).statusCode).toBe(401);
  });

  it('seeds a demo operator that works locally and is refused in production', async () => {
    await seedOperators(t.db, t.clock.now());
    await seedOperators(t.db, t.clock.now()); // safe to repeat
    const login = (demoAllowed: boolean) => {
      t.clock.advance(30_000);
      return t.app.services.operatorAuth.login({
        loginId: DEMO_OPERATOR.loginId,
        password: DEMO_OPERATOR.password,
        totp: totpCodeAt(DEMO_OPERATOR.totpSecret, t.clock.now().getTime()),
        address: '203.0.113.9',
        demoAllowed,
      });
    };
    await expect(login(false)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await login(true)).session.operator.role).toBe('admin');
  });
});
