import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, hashingLoad, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies what it hashed, and nothing else', async () => {
    const params = { N: 2 ** 12, r: 8, p: 1 };
    const stored = await hashPassword('별이-비밀번호-1234', params);
    expect(stored.startsWith('scrypt$4096$8$1$')).toBe(true);
    expect(await verifyPassword('별이-비밀번호-1234', stored)).toBe(true);
    expect(await verifyPassword('별이-비밀번호-1235', stored)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });

  it('computes at most two hashes at once; the others wait their turn', async () => {
    const params = { N: 2 ** 14, r: 8, p: 1 };
    let peak = 0;
    let done = 0;
    const all = Array.from({ length: 8 }, () =>
      hashPassword('burst-of-logins', params).then(() => (done += 1)),
    );
    expect(hashingLoad().active + hashingLoad().waiting).toBe(8);
    while (done < 8) {
      peak = Math.max(peak, hashingLoad().active);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(all);
    expect(peak).toBe(HASHES_AT_ONCE);
    expect(hashingLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
