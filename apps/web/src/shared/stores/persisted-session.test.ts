import {
  kakaoTokenSchema,
  pinUserSchema,
  tokensSchema,
  userInfoSchema,
} from '@hamkke/contract/login/session';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readPersistedSession } from './persisted-session.ts';

/** The schema the store read its session with before the first load left zod behind (issue 12). */
const persistedSessionSchema = z.object({
  userInfo: z
    .looseObject({ ...userInfoSchema.shape, userType: userInfoSchema.shape.userType.optional() })
    .nullable(),
  tokens: tokensSchema.nullable(),
  kakaoToken: kakaoTokenSchema.nullable(),
  pinUser: pinUserSchema.nullable(),
});

const user = {
  userId: '7',
  id: '4281937465',
  loginKey: 'a2V5',
  userNm: '김하늘',
  alias: '하늘맘',
  userStatus: 'USER',
  userType: 'PARENT',
};
const tokens = { access: { token: 'jwt', expires: 1_790_000_000_000 } };
const full = { userInfo: user, tokens, kakaoToken: { access_token: 'kakao' }, pinUser: { result: 'Y' } };
const empty = { userInfo: null, tokens: null, kakaoToken: null, pinUser: null };

const samples: Array<[string, unknown]> = [
  ['a parent', full],
  ['nobody', empty],
  ['a consent in waiting', { ...empty, kakaoToken: { access_token: 'kakao' } }],
  ['a child of an older version (no userType)', { ...full, userInfo: { ...user, userType: undefined } }],
  ['a field a later login adds', { ...full, userInfo: { ...user, badgeCount: 3 } }],
  ['extra keys next to the four', { ...full, version: 2 }],
  ['a missing part', { userInfo: user, tokens, kakaoToken: null }],
  ['an unknown status', { ...full, userInfo: { ...user, userStatus: 'ADMIN' } }],
  ['an unknown type', { ...full, userInfo: { ...user, userType: 'ROBOT' } }],
  ['a numeric id', { ...full, userInfo: { ...user, userId: 7 } }],
  ['a fractional expiry', { ...full, tokens: { access: { token: 'jwt', expires: 1.5 } } }],
  ['a token with a field of its own', { ...full, tokens: { access: { ...tokens.access, kind: 'jwt' } } }],
  ['a token without expiry', { ...full, tokens: { access: { token: 'jwt' } } }],
  ['a pin answer of "maybe"', { ...full, pinUser: { result: 'maybe' } }],
  ['a Kakao token that is a string', { ...full, kakaoToken: 'kakao' }],
  ['an array', [full]],
  ['a string', 'user'],
  ['null', null],
];

describe('reading the stored session without zod', () => {
  it.each(samples)('agrees with the contract schemas on %s', (_, value) => {
    const parsed = persistedSessionSchema.safeParse(value);
    expect(readPersistedSession(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
