import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_PARAMS,
  HASHES_AT_ONCE,
  hashingLoad,
  hashPassword,
  legacyScryptHash,
  needsRehash,
  verifyPassword,
} from './password.ts';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's cost, and verifies what it hashed and nothing else", async () => {
    const stored = await hashPassword('별이-비밀번호-1234');
    expect(stored.startsWith('$argon2id$v=19$m=19456,p=1,t=2$')).toBe(true);
    expect(await verifyPassword('별이-비밀번호-1234', stored)).toBe(true);
    expect(await verifyPassword('별이-비밀번호-1235', stored)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$broken')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still accepts the scrypt hashes of before, and asks for them to be rehashed', async () => {
    const old = await legacyScryptHash('별이-비밀번호-1234', { N: 2 ** 12, r: 8, p: 1 });
    expect(old.startsWith('scrypt$4096$8$1$')).toBe(true);
    expect(await verifyPassword('별이-비밀번호-1234', old)).toBe(true);
    expect(await verifyPassword('별이-비밀번호-1235', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    const weaker = await hashPassword('pw', { ...DEFAULT_PASSWORD_PARAMS, memoryCost: 8192 });
    expect(needsRehash(weaker)).toBe(true);
  });

  it('computes at most two hashes at once; the others wait their turn', async () => {
    const all = Promise.all(Array.from({ length: 8 }, () => hashPassword('burst-of-logins')));
    // Two start at once and six wait: the queue admits them as they are asked for.
    expect(hashingLoad()).toEqual({ active: HASHES_AT_ONCE, waiting: 8 - HASHES_AT_ONCE });
    expect(await all).toHaveLength(8);
    expect(hashingLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
