import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { idList } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { retentionCutoff } from '@hamkke/contract/retention';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import {
  deleteEndedTokens,
  findTokenCreatedAt,
  insertToken,
  revokeToken,
  revokeTokensOf,
  extendLiveToken,
  findTokenOwner,
  type TokenOwner,
} from './token.repository.ts';

/** Access tokens live one hour from issue (and from each extension, spec §4). */
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
/** However often it is extended, a token ends this long after its login: a stolen one does not live on. */
export const ACCESS_TOKEN_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export interface IssuedToken {
  token: string;
  /** Epoch milliseconds, as the web session store keeps it. */
  expires: number;
}

export function createTokenService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** A new opaque token: 256 random bits; only its hash is stored. */
    async issue(userId: number): Promise<IssuedToken> {
      const now = clock();
      const token = randomSecret(32);
      const expires = now.getTime() + ACCESS_TOKEN_TTL_MS;
      await insertToken(db, {
        tokenHash: secretHash(token),
        userId,
        expiresAt: new Date(expires).toISOString(),
        createdAt: now.toISOString(),
      });
      return { token, expires };
    },

    async authenticate(token: string): Promise<TokenOwner | undefined> {
      if (token.length < 20 || token.length > 200) return undefined;
      return findTokenOwner(db, secretHash(token), clock().toISOString());
    },

    /**
     * 토큰은 방문할 때마다 지금부터 1시간으로 연장돼요 (spec §4), but never past 12 hours after its
     * login; then the person logs in again.
     */
    async extend(tokenHash: string): Promise<number> {
      const now = clock();
      const createdAt = await findTokenCreatedAt(db, tokenHash);
      const ceiling = createdAt === undefined ? 0 : Date.parse(createdAt) + ACCESS_TOKEN_MAX_AGE_MS;
      const expires = Math.min(now.getTime() + ACCESS_TOKEN_TTL_MS, ceiling);
      // Past the 12-hour cap (or revoked, or lapsed since the call was authenticated) there is
      // nothing to extend: 401 as for any dead token, never 200 with an expiry in the past.
      const extended =
        expires > now.getTime() &&
        (await extendLiveToken(db, tokenHash, new Date(expires).toISOString(), now.toISOString()));
      if (!extended) throw new AppError('UNAUTHORIZED', 'The access token is invalid or expired');
      return expires;
    },

    async revoke(tokenHash: string): Promise<void> {
      await revokeToken(db, tokenHash, clock().toISOString());
    },

    /**
     * Every live token of these people stops working: a new password, a suspension (inside the
     * operator's transaction, `trx`).
     */
    async revokeAll(userIds: number | readonly number[], trx?: Kysely<Database>): Promise<void> {
      await revokeTokensOf(trx ?? db, idList(userIds), clock().toISOString());
    },

    /** Retention: tokens go 7 days after they expired or were revoked (decision 039). */
    purgeEnded: (now: Date) => deleteEndedTokens(db, retentionCutoff('accessTokens', now)),

    /** Every token of the person but the one in use (a password changed on this device). */
    async revokeAllExcept(userId: number, keepTokenHash: string): Promise<void> {
      await revokeTokensOf(db, [userId], clock().toISOString(), keepTokenHash);
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
