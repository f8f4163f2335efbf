import argon2 from 'argon2';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * argon2id with OWASP's parameters (security.md): 19 MiB, two passes, one lane — about 60 ms here and
 * 19 MiB per hash, where the scrypt of before (N=2^17, r=8, p=1) held 128 MiB for about as long.
 */
export interface PasswordParams {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}
export const DEFAULT_PASSWORD_PARAMS: PasswordParams = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes computed at once per process. A burst of logins would otherwise hold one hash's memory per
 * request in flight (the bench saw 816 MiB with scrypt); two keep both cores busy; the rest wait
 * their turn, first come first served.
 */
export const HASHES_AT_ONCE = 2;
const hashing = pLimit(HASHES_AT_ONCE);

/** Hashes being computed now and waiting (for tests and the bench). */
export function hashingLoad(): { active: number; waiting: number } {
  return { active: hashing.activeCount, waiting: hashing.pendingCount };
}

const normalized = (password: string) => password.normalize('NFC');

/** An argon2id PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export function hashPassword(
  password: string,
  params: PasswordParams = DEFAULT_PASSWORD_PARAMS,
): Promise<string> {
  return hashing(() => argon2.hash(normalized(password), { type: argon2.argon2id, ...params }));
}

/** Legacy hashes: `scrypt$N$r$p$salt$hash` (base64url parts), still accepted and rehashed on login. */
function scryptKey(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * 1024 * 1024 };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(normalized(password), salt, 32, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** A scrypt hash in the legacy format: only tests make new ones (to prove old hashes still work). */
export async function legacyScryptHash(password: string, params: { N: number; r: number; p: number }) {
  const salt = randomBytes(16);
  const key = await scryptKey(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    try {
      return await hashing(() => argon2.verify(stored, normalized(password)));
    } catch {
      return false;
    }
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptKey(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash is of another scheme or other parameters: rehash it after a successful login. */
export function needsRehash(stored: string, params: PasswordParams = DEFAULT_PASSWORD_PARAMS): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    return argon2.needsRehash(stored, params);
  } catch {
    return true;
  }
}

/** A hash of no one's password, verified when an id is unknown so timing does not reveal which ids exist. */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  return decoyHash;
}
