import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createTermsDocuments, createUser } from '../../../test/factories.ts';
import {
  callEndpoint,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';
import { signedInOperator, type OperatorSessionHeaders } from '../../../test/operators.ts';

/**
 * Issue 46 item 4 (L5): a child on a browser without their device cookie (a new phone) is locked
 * out by a stranger's failures on their id (decision 033); their parent lifts the lock from
 * /my/children-info, or an operator from the console, and the child signs in at once.
 */
describe.each(testDatabaseTargets())('lifting a child login lock on $name', (target) => {
  let t: TestContext;
  let parent: number;
  let parentHeaders: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let support: OperatorSessionHeaders;

  beforeAll(async () => {
    // Behind one known proxy: each attacker address as the proxy saw it.
    t = await createTestContext(target, { config: { TRUST_PROXY: '1' } });
    await createTermsDocuments(t.db);
    parent = await createUser(t.db, { name: '잠금부모' });
    parentHeaders = await sessionHeadersFor(t.app, parent);
    otherHeaders = await sessionHeadersFor(t.app, await createUser(t.db, { name: '남의부모' }));
    support = await signedInOperator(t, 'support');
  });
  afterAll(() => t.close());

  let addressSeq = 0;
  /** A fresh address each call: the stranger rotates, so no per-address limit ever applies. */
  const freshAddress = () => {
    addressSeq += 1;
    return `203.0.${Math.floor(addressSeq / 250)}.${addressSeq % 250}`;
  };
  const login = (body: object) =>
    callEndpoint(t.app, 'login/children-login', body, { 'x-forwarded-for': freshAddress() });
  const operatorCall = (path: string, body: object, as: OperatorSessionHeaders = support) =>
    t.app.inject({ method: 'POST', url: `/v1/api/admin/${path}`, headers: as.headers, payload: body });
  const auditsOf = (action: string) =>
    t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();

  /** Ten wrong passwords from ten addresses: the id waits for every browser without a device note. */
  async function lockFromTenAddresses(loginId: string, right: string) {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login({ id: loginId, password: `guess-${attempt}` })).statusCode).toBe(400);
    }
    expect((await login({ id: loginId, password: 'guess-more' })).statusCode).toBe(429);
    // A new phone with the right password waits too.
    expect((await login({ id: loginId, password: right })).statusCode).toBe(429);
  }

  it('lets the parent lift the lock: the child signs in at once on a new browser; logged as the parent’s', async () => {
    const child = await createChild(t.db, parent, 'unlock-kid', 'unlock-pass-1');
    await lockFromTenAddresses('unlock-kid', 'unlock-pass-1');

    const unlocked = await callEndpoint(
      t.app,
      'my/unlock-child-login',
      { childrenUserId: String(child) },
      parentHeaders,
    );
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().response).toEqual({ unlocked: true });

    const signedIn = await login({ id: 'unlock-kid', password: 'unlock-pass-1' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().response.userInfo.id).toBe('unlock-kid');

    const logged = await t.db
      .selectFrom('activity_logs')
      .select(['user_id', 'title'])
      .where('event_type', '=', 'CHILD_LOGIN_UNLOCK')
      .execute();
    expect(logged).toEqual([{ user_id: parent, title: String(child) }]);

    // The password did not change, and a stranger starts counting from nothing: ten more to lock.
    await lockFromTenAddresses('unlock-kid', 'unlock-pass-1');
  });

  it("answers another family's parent 404 and leaves the lock as it was; a child or an unverified parent cannot call it", async () => {
    const child = await createChild(t.db, parent, 'guarded-kid', 'guarded-pass-1');
    await lockFromTenAddresses('guarded-kid', 'guarded-pass-1');

    const stranger = await callEndpoint(
      t.app,
      'my/unlock-child-login',
      { childrenUserId: String(child) },
      otherHeaders,
    );
    expect(stranger.statusCode).toBe(404);
    const unknown = await callEndpoint(
      t.app,
      'my/unlock-child-login',
      { childrenUserId: '987654321' },
      parentHeaders,
    );
    expect(unknown.statusCode).toBe(404);
    const unverified = await createUser(t.db, { pin_verified_at: null });
    const notPin = await callEndpoint(
      t.app,
      'my/unlock-child-login',
      { childrenUserId: String(child) },
      await sessionHeadersFor(t.app, unverified),
    );
    expect(notPin.statusCode).toBe(403);
    const childSelf = await callEndpoint(
      t.app,
      'my/unlock-child-login',
      { childrenUserId: String(child) },
      await sessionHeadersFor(t.app, child),
    );
    expect(childSelf.statusCode).toBe(403);
    expect(
      (await callEndpoint(t.app, 'my/unlock-child-login', { childrenUserId: String(child) })).statusCode,
    ).toBe(401);

    expect((await login({ id: 'guarded-kid', password: 'guarded-pass-1' })).statusCode).toBe(429);
  });

  it('lets support lift the lock from the console with an audit row naming the child', async () => {
    const child = await createChild(t.db, parent, 'console-kid', 'console-pass-1');
    await lockFromTenAddresses('console-kid', 'console-pass-1');

    const res = await operatorCall('people/unlock-child-login', { userId: String(child) });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ userId: String(child), unlocked: true });
    expect((await login({ id: 'console-kid', password: 'console-pass-1' })).statusCode).toBe(200);

    const audits = await auditsOf('person.unlock-child-login');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target: `user:${child}` });
    expect(JSON.parse(audits[0]!.summary)).toEqual({
      before: null,
      after: { loginId: 'console-kid', parentUserId: parent },
    });

    // An admin may too; a parent's id or an unknown one is no child: 404, nothing audited.
    const admin = await signedInOperator(t, 'admin');
    await lockFromTenAddresses('console-kid', 'console-pass-1');
    expect(
      (await operatorCall('people/unlock-child-login', { userId: String(child) }, admin)).statusCode,
    ).toBe(200);
    expect((await login({ id: 'console-kid', password: 'console-pass-1' })).statusCode).toBe(200);
    expect((await operatorCall('people/unlock-child-login', { userId: String(parent) })).statusCode).toBe(
      404,
    );
    expect((await operatorCall('people/unlock-child-login', { userId: '987654321' })).statusCode).toBe(404);
    expect(await auditsOf('person.unlock-child-login')).toHaveLength(2);
  });

  it('refuses a role without access (content) with 403 and no one signed in with 401; the lock holds', async () => {
    const child = await createChild(t.db, parent, 'refused-kid', 'refused-pass-1');
    await lockFromTenAddresses('refused-kid', 'refused-pass-1');
    const content = await signedInOperator(t, 'content');
    const before = (await auditsOf('person.unlock-child-login')).length;

    expect(
      (await operatorCall('people/unlock-child-login', { userId: String(child) }, content)).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/api/admin/people/unlock-child-login',
      payload: { userId: String(child) },
    });
    expect(anonymous.statusCode).toBe(401);
    // An app token is not a console session.
    const withAppToken = await t.app.inject({
      method: 'POST',
      url: '/v1/api/admin/people/unlock-child-login',
      headers: parentHeaders,
      payload: { userId: String(child) },
    });
    expect(withAppToken.statusCode).toBe(401);

    expect((await login({ id: 'refused-kid', password: 'refused-pass-1' })).statusCode).toBe(429);
    expect(await auditsOf('person.unlock-child-login')).toHaveLength(before);
  });
});
