import type { LoginResult } from '@hamkke/contract/login/session';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { idList } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { beginAttempt, type AccountLock, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../auth/token.service.ts';
import {
  findAutoLoginUserId,
  insertAutoLoginToken,
  revokeAutoLoginToken,
  revokeAutoLoginTokensOf,
} from './auto-login.repository.ts';
import { toUserInfo } from './identity.mappers.ts';
import type { UsersService } from '../users/users.service.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { ActivityLogService } from './activity-log.service.ts';

/**
 * Children login's brute-force limits: failures per login id from any address (waits that grow,
 * which the parent lifts by setting a new password), and failures per address (one address cannot
 * sweep many ids). A browser with a device note for the child (decision 033) is counted only in
 * that note's own bucket (`perDevice`), so strangers' failures never lock the child out there.
 */
export interface ChildLoginLimits {
  perAccount: AccountLock;
  perAddress: RateLimiter;
  perDevice: AccountLock;
}

/** The autoLogin cookie keeps a child signed in on one device for 30 days, until logout or revocation. */
export const AUTO_LOGIN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function createChildrenLoginService(deps: {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  limits: ChildLoginLimits;
  makeLoginKey: (kakaoId: string) => string;
  devices: DeviceCookies;
  activity: Pick<ActivityLogService, 'record'>;
}) {
  const { db, users, clock, tokens, limits, makeLoginKey, devices, activity } = deps;

  async function signIn(child: UserRow): Promise<LoginResult> {
    const issued = await tokens.issue(child.id);
    return {
      userInfo: toUserInfo(child, makeLoginKey),
      tokens: { access: { token: issued.token, expires: issued.expires } },
    };
  }

  async function issueAutoLogin(userId: number): Promise<string> {
    const token = randomSecret(32);
    const now = clock();
    await insertAutoLoginToken(db, {
      tokenHash: secretHash(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + AUTO_LOGIN_TTL_MS).toISOString(),
    });
    return token;
  }

  return {
    /**
     * 아이디와 비밀번호 중 무엇이 틀렸는지 알려주지 않아요. Unknown ids still cost one hash check,
     * and failures per id (from any address) and per address are limited; on a browser whose
     * device cookie vouches for this child, only that device's own failures are (decision 033).
     * Answers the device cookie to set: this child's note renewed, after a success.
     */
    async login(input: {
      id: string;
      password: string;
      autoLogin: boolean;
      ipAddress: string;
      deviceCookie?: string | undefined;
    }) {
      const loginId = input.id.trim().toLowerCase();
      if (!loginId || !input.password) {
        throw new AppError('INVALID_CREDENTIALS', 'Login id and password are required');
      }
      // Only a browser with valid notes needs the child before the limits: whose note vouches.
      const notes = devices.read(input.deviceCookie);
      const known = notes.length > 0 ? await users.findChildByLoginId(loginId) : undefined;
      const device = known && devices.vouching(notes, { id: known.id, parentUserId: known.parent_user_id });
      // Counted before the check, so parallel guesses cannot all pass it; given back on success.
      const attempt = device
        ? await limits.perDevice.begin(device.nonce)
        : await beginAttempt([
            () => limits.perAddress.begin(input.ipAddress),
            () => limits.perAccount.begin(loginId),
          ]);
      const child = notes.length > 0 ? known : await users.findChildByLoginId(loginId);
      const usable = child && child.status === 'USER' && child.password_hash;
      const ok = await verifyPassword(
        input.password,
        usable ? child.password_hash! : await decoyPasswordHash(),
      );
      if (!usable || !ok) {
        // Spec §9: children login is a LOGIN_ATTEMPT too; a failed one names the id tried, not whose.
        await activity.record({
          eventType: 'LOGIN_ATTEMPT_FAILURE',
          title: 'CHILDREN',
          body: loginId.slice(0, 100),
          statusCode: 400,
          errorReason: 'INVALID_CREDENTIALS',
          ipAddress: input.ipAddress,
        });
        throw new AppError('INVALID_CREDENTIALS', 'Login id or password is wrong');
      }
      await attempt.succeeded();
      await activity.record({
        eventType: 'LOGIN_ATTEMPT',
        userId: String(child.id),
        userNm: child.name,
        title: 'CHILDREN',
        ipAddress: input.ipAddress,
      });
      // Said only to whoever knows the password: no one learns of a suspension by guessing ids.
      if (child.suspended_at !== null) throw new AppError('ACCOUNT_SUSPENDED', 'The account is suspended');
      // A hash of before (scrypt, or an older cost) becomes argon2id now that the password is known.
      if (needsRehash(child.password_hash!)) {
        await users.replacePasswordHash(child.id, {
          from: child.password_hash!,
          to: await hashPassword(input.password),
        });
      }
      const result = await signIn(child);
      const autoLoginToken = input.autoLogin ? await issueAutoLogin(child.id) : null;
      const deviceCookie = devices.remember(input.deviceCookie, { kind: 'c', userId: child.id });
      return { result, autoLoginToken, deviceCookie };
    },

    /** The device cookie after a parent signed in on this browser: it vouches for their children. */
    rememberParentDevice(deviceCookie: string | undefined, parentUserId: number): string {
      return devices.remember(deviceCookie, { kind: 'f', userId: parentUserId });
    },

    /** The device cookie after a child signed in again by auto-login on this browser. */
    rememberChildDevice(deviceCookie: string | undefined, childUserId: number): string {
      return devices.remember(deviceCookie, { kind: 'c', userId: childUserId });
    },

    /** Signs in the child an autoLogin cookie names; `null` when the cookie is unknown, expired or revoked. */
    async autoLogin(cookieToken: string | undefined): Promise<LoginResult | null> {
      if (!cookieToken || cookieToken.length > 200) return null;
      const userId = await findAutoLoginUserId(db, secretHash(cookieToken), clock().toISOString());
      if (userId === undefined) return null;
      const child = await users.findById(userId);
      if (!child || child.user_type !== 'CHILD' || child.status !== 'USER' || child.suspended_at !== null) {
        return null;
      }
      return signIn(child);
    },

    async revokeAutoLogin(cookieToken: string | undefined): Promise<void> {
      if (!cookieToken || cookieToken.length > 200) return;
      await revokeAutoLoginToken(db, secretHash(cookieToken), clock().toISOString());
    },

    /**
     * An operator lifts the lock on a child's login id (the per-id waits strangers' failures set,
     * decision 033), as the parent can from the child's page: answers the child (read in the
     * console's transaction, `trx`), 404 for anyone who is not a child account.
     */
    async liftLoginLock(childId: number, trx?: Kysely<Database>) {
      const child = await users.findById(childId, trx ?? db);
      if (!child || child.user_type !== 'CHILD') throw new AppError('NOT_FOUND', 'No such child');
      if (child.login_id) await limits.perAccount.lift(child.login_id);
      return { userId: child.id, loginId: child.login_id, parentUserId: child.parent_user_id };
    },

    /**
     * Every auto-login cookie of these people stops working: a new password, a suspension (inside
     * the operator's transaction, `trx`).
     */
    async revokeAllAutoLogins(userIds: number | readonly number[], trx?: Kysely<Database>): Promise<void> {
      await revokeAutoLoginTokensOf(trx ?? db, idList(userIds), clock().toISOString());
    },
  };
}
export type ChildrenLoginService = ReturnType<typeof createChildrenLoginService>;
