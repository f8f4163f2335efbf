import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createTermsDocuments, createUser } from '../../../test/factories.ts';
import { callEndpoint, createTestContext, type TestContext } from '../../../test/harness.ts';
import { cookieFrom, signUpAndLogIn } from '../../../test/kakao-login.ts';

/** Issue 26 item 5, decision 033: a stranger's failures never lock a child out of their own browser. */
describe.each(testDatabaseTargets())('children login device cookie on $name', (target) => {
  let t: TestContext;
  let parent: number;

  beforeAll(async () => {
    // Behind one known proxy: each attacker address as the proxy saw it.
    t = await createTestContext(target, { config: { TRUST_PROXY: '1' } });
    await createTermsDocuments(t.db);
    parent = await createUser(t.db);
  });
  afterAll(() => t.close());

  let addressSeq = 0;
  /** A fresh address each call: the attacker rotates, so no per-address limit ever applies. */
  const freshAddress = () => {
    addressSeq += 1;
    return `198.51.${Math.floor(addressSeq / 250)}.${addressSeq % 250}`;
  };
  const login = (body: object, headers: Record<string, string> = {}) =>
    callEndpoint(t.app, 'login/children-login', body, { 'x-forwarded-for': freshAddress(), ...headers });
  const deviceOf = (res: { headers: Record<string, unknown> }) =>
    cookieFrom(res.headers['set-cookie'] as string[] | string | undefined, 'loginDevice');

  /** Ten wrong passwords from ten addresses: the id is locked for every unknown browser. */
  async function lockFromTenAddresses(loginId: string) {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login({ id: loginId, password: `guess-${attempt}` })).statusCode).toBe(400);
    }
    expect((await login({ id: loginId, password: `guess-more` })).statusCode).toBe(429);
  }

  it('keeps the child signing in on their own device while an attacker keeps the id locked from 10 addresses', async () => {
    await createChild(t.db, parent, 'device-kid', 'right-pass-1');
    const right = { id: 'device-kid', password: 'right-pass-1' };
    const earlier = await login(right);
    expect(earlier.statusCode).toBe(200);
    const device = deviceOf(earlier)!;
    expect(device).toMatch(/^loginDevice=c\d+\./);
    const line = ([] as string[])
      .concat(earlier.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('loginDevice='))!;
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toMatch(/Max-Age=7776000/);

    await lockFromTenAddresses('device-kid');
    // An unknown browser, even with the right password, waits.
    expect((await login(right)).statusCode).toBe(429);
    // The child's own browser comes in, again and again while the attacker goes on.
    for (let round = 0; round < 3; round += 1) {
      const mine = await login(right, { cookie: device });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().response.userInfo.id).toBe('device-kid');
      expect((await login({ id: 'device-kid', password: `more-${round}` })).statusCode).toBe(429);
    }
    // The child's success did not reopen the id for strangers.
    expect((await login(right)).statusCode).toBe(429);
  });

  it("lets the parent's browser sign their child in while the id is locked, and no one else's child", async () => {
    const adult = await signUpAndLogIn(t.app, {
      name: '기기부모',
      birthyear: '1990',
      birthday: '0315',
      phoneNumber: '010-1234-5678',
    });
    const parentId = Number(adult.result.userInfo.userId);
    await createChild(t.db, parentId, 'family-kid', 'family-pass-1');
    await createChild(t.db, parent, 'other-family-kid', 'other-pass-1');
    const again = await callEndpoint(t.app, 'login/login', adult.proof);
    expect(again.statusCode).toBe(200);
    const device = deviceOf(again)!;
    expect(device).toMatch(/^loginDevice=f\d+\./);

    await lockFromTenAddresses('family-kid');
    await lockFromTenAddresses('other-family-kid');
    expect(
      (await login({ id: 'family-kid', password: 'family-pass-1' }, { cookie: device })).statusCode,
    ).toBe(200);
    // The note covers this parent's children only.
    expect(
      (await login({ id: 'other-family-kid', password: 'other-pass-1' }, { cookie: device })).statusCode,
    ).toBe(429);
  });

  it("locks the device's own bucket after its own 10 failures, with the same growing waits", async () => {
    await createChild(t.db, parent, 'typo-kid', 'typo-pass-1');
    const right = { id: 'typo-kid', password: 'typo-pass-1' };
    const device = deviceOf(await login(right))!;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await login({ id: 'typo-kid', password: `typo-${attempt}` }, { cookie: device })).statusCode,
      ).toBe(400);
    }
    expect((await login(right, { cookie: device })).statusCode).toBe(429);
    // Guessing on the device stays as slow as anywhere: a minute, then two …
    t.clock.advance(60 * 1000 + 1);
    expect((await login({ id: 'typo-kid', password: 'typo-again' }, { cookie: device })).statusCode).toBe(
      400,
    );
    expect((await login(right, { cookie: device })).statusCode).toBe(429);
    t.clock.advance(2 * 60 * 1000 + 1);
    expect((await login(right, { cookie: device })).statusCode).toBe(200);
  });

  it('ignores a forged, altered, other-child or expired device cookie: the per-id lock holds', async () => {
    const kid = await createChild(t.db, parent, 'forge-kid', 'forge-pass-1');
    const other = await createChild(t.db, parent, 'forge-sibling', 'sibling-pass-1');
    const right = { id: 'forge-kid', password: 'forge-pass-1' };
    const own = deviceOf(await login(right))!;
    const siblings = deviceOf(await login({ id: 'forge-sibling', password: 'sibling-pass-1' }))!;
    const value = own.slice('loginDevice='.length);
    const [, expires, nonce, signature] = value.split('.');
    const forged = [
      // The sibling's genuine note names another child.
      siblings,
      // Made up, with a well-formed but wrong signature.
      `loginDevice=c${kid}.${expires}.${nonce}.${'A'.repeat(43)}`,
      // Renamed to the sibling, or its expiry pushed later: the signature no longer holds.
      `loginDevice=c${other}.${expires}.${nonce}.${signature}`,
      `loginDevice=c${kid}.${Number(expires) + 1000}.${nonce}.${signature}`,
      // Claiming the whole family without a parent's sign-in.
      `loginDevice=f${parent}.${expires}.${nonce}.${signature}`,
      'loginDevice=garbage',
    ];
    await lockFromTenAddresses('forge-kid');
    for (const cookie of forged) {
      expect((await login(right, { cookie })).statusCode, cookie).toBe(429);
    }
    expect((await login(right, { cookie: own })).statusCode).toBe(200);

    // 90 days later the note has expired: a fresh lock shuts that browser out too.
    const stale = deviceOf(await login(right, { cookie: own }))!;
    t.clock.advance(90 * 24 * 60 * 60 * 1000 + 1);
    await lockFromTenAddresses('forge-kid');
    expect((await login(right, { cookie: stale })).statusCode).toBe(429);
  });
});
