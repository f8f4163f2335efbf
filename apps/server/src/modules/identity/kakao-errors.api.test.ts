import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createTermsDocuments, createUser } from '../../../test/factories.ts';
import {
  callEndpoint,
  createTestContext,
  sessionHeadersFor,
  type TestContext,
} from '../../../test/harness.ts';

/** Each call that carries a Kakao token, with that token in its place. */
const callsWith = (token: string) =>
  [
    ['login/login', { userId: '1', loginKey: 'key', kakaoAccessToken: token }],
    ['login/login-check-pin-user', { userId: '1', loginKey: 'key', kakaoAccessToken: token }],
    [
      'login/register',
      {
        kakaoAccessToken: token,
        agreements: { termsOfUse: true, privacyPolicy: true },
        termsVersion: '1.0',
        privacyVersion: '1.0',
      },
    ],
    ['common/unlink-kakao', { accessToken: token }],
  ] as const;

describe.each(testDatabaseTargets())('Kakao token mistakes are the client’s on $name', (target) => {
  let t: TestContext;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(target);
    await createTermsDocuments(t.db);
    const parent = await createUser(t.db, { kakao_id: '777000111' });
    headers = await sessionHeadersFor(t.app, parent);
  });
  afterAll(() => t.close());

  it.each(callsWith('an-expired-or-made-up-token'))(
    'answers %s with a bad Kakao token 401, without Kakao’s details',
    async (path, body) => {
      const res = await callEndpoint(t.app, path, body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('KAKAO_TOKEN_FAILED');
      // Neither Kakao's status, its error code nor which call failed.
      expect(res.json().error.message).not.toMatch(/-401|KOE|\b401\b|profile|unlink|failed with/i);
    },
  );

  it.each([
    ...callsWith('abc\u0000def'),
    ...callsWith('토큰'),
    ...callsWith('tok\u00e9n'),
    ...callsWith('two words'),
  ])('refuses %s with a token that is no Kakao token by its schema (400)', async (path, body) => {
    const res = await callEndpoint(t.app, path, body, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[0].path).toMatch(/kakaoAccessToken|accessToken/);
  });
});
