import { beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../lib/totp.ts';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { useTestContext } from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';
import { createOperatorAccountsService } from './operator-accounts.service.ts';

/** Issue 26, item 1: failures per operator id from any address lock it; every sign-in is audited. */
describe.each(testDatabaseTargets())('operator sign-in lock on $name', (target) => {
  const t = useTestContext(target);
  let admin: OperatorSessionHeaders;
  let account: { operatorId: number; loginId: string; password: string; totpSecret: string };

  const post = (
    path: string,
    body: object,
    options: { headers?: Record<string, string>; from?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/api/admin/${path}`,
      headers: options.headers ?? {},
      payload: body,
      ...(options.from ? { remoteAddress: options.from } : {}),
    });

  const signIn = (from: string, password = account.password) =>
    post(
      'auth/login',
      { loginId: account.loginId, password, totp: totpCodeAt(account.totpSecret, t.clock.now().getTime()) },
      { from },
    );

  const lockOf = async () => {
    const res = await post('operators/list', {}, { headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().response.items as {
      loginId: string;
      failures: number;
      lockedUntil: string | null;
    }[];
    return items.find((item) => item.loginId === account.loginId)!;
  };

  const auditActions = async () => {
    const res = await post(
      'audit/list',
      { target: `operator:${account.operatorId}`, limit: 100 },
      { headers: admin.headers },
    );
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json().response.items as { action: string; operatorLoginId: string; address: string }[]
    ).reverse();
  };

  beforeAll(async () => {
    admin = await signedInOperator(t, 'admin', 'ops-lock-admin');
    account = await createOperatorAccountsService({ db: t.db, clock: t.clock.now }).create({
      loginId: 'ops-locked',
      role: 'content',
    });
  });

  it('locks an id after wrong passwords spread over addresses, until the wait passes or an admin lifts it', async () => {
    // 50 wrong passwords, 5 from each of 10 addresses: within every per-address limit.
    const statuses: number[] = [];
    for (let address = 1; address <= 10; address += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const res = await signIn(`203.0.113.${address}`, 'wrong-password');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
      }
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);

    // The right password and TOTP from an 11th address: refused while the id waits.
    const refused = await signIn('198.51.100.11');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await lockOf()).toMatchObject({ failures: 5, lockedUntil: expect.any(String) });

    // The wait passes: the owner signs in, and that clears the failures.
    t.clock.advance(61_000);
    expect((await signIn('198.51.100.11')).statusCode).toBe(200);
    expect(await lockOf()).toMatchObject({ failures: 0, lockedUntil: null });

    // Locked again (the waits grow: the next failure would double it) …
    for (let attempt = 0; attempt < 5; attempt += 1) {
      t.clock.advance(1_000);
      expect((await signIn(`192.0.2.${attempt + 1}`, 'wrong-password')).statusCode).toBe(400);
    }
    t.clock.advance(30_000);
    expect((await signIn('198.51.100.11')).statusCode).toBe(429);

    // … until an admin lifts it in the console.
    const unlocked = await post(
      'operators/unlock',
      { operatorId: String(account.operatorId) },
      { headers: admin.headers, from: '198.51.100.99' },
    );
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await lockOf()).toMatchObject({ failures: 0, lockedUntil: null });
    expect((await signIn('198.51.100.11')).statusCode).toBe(200);
  });

  it('records every sign-in, success or failure, and every lock and unlock in the audit log', async () => {
    const rows = await auditActions();
    const actions = rows.map((row) => row.action);
    expect(actions.filter((action) => action === 'operator.login-failed')).toHaveLength(10);
    expect(actions.filter((action) => action === 'operator.lock')).toHaveLength(2);
    expect(actions.filter((action) => action === 'operator.login')).toHaveLength(2);
    expect(rows.find((row) => row.action === 'operator.unlock')).toMatchObject({
      operatorLoginId: 'ops-lock-admin',
      address: '198.51.100.99',
    });
    expect(rows.find((row) => row.action === 'operator.login')).toMatchObject({
      operatorLoginId: 'ops-locked',
      address: '198.51.100.11',
    });
    expect(rows[0]).toMatchObject({ action: 'operator.login-failed', address: '203.0.113.1' });
    // The order of one lock: the fifth failure, then the lock it starts.
    expect(actions.slice(4, 6)).toEqual(['operator.login-failed', 'operator.lock']);
    // A refused attempt while locked checks no password and is no audit row.
    expect(actions).toHaveLength(10 + 2 + 2 + 1);
  });

  it('records a failed sign-in of an id that is no operator, naming the id tried', async () => {
    const res = await post(
      'auth/login',
      { loginId: 'no-such-operator', password: 'guess', totp: '123456' },
      { from: '203.0.113.77' },
    );
    expect(res.statusCode).toBe(400);
    const list = await post('audit/list', { target: 'login-id', limit: 10 }, { headers: admin.headers });
    expect(list.json().response.items).toEqual([
      expect.objectContaining({
        action: 'operator.login-failed',
        target: 'login-id:no-such-operator',
        operatorId: null,
        operatorLoginId: null,
        address: '203.0.113.77',
      }),
    ]);
  });

  it('lets only admins see and lift locks', async () => {
    const support = await signedInOperator(t, 'support');
    const res = await post(
      'operators/unlock',
      { operatorId: String(account.operatorId) },
      { headers: support.headers },
    );
    expect(res.statusCode).toBe(403);
    const missing = await post('operators/unlock', { operatorId: '999999' }, { headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    // Beyond a database integer: refused as a bad request, never a 500.
    const huge = await post('operators/unlock', { operatorId: '99999999999' }, { headers: admin.headers });
    expect(huge.statusCode).toBe(400);
  });
});
