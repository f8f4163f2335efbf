import type { PasswordParams } from '../../lib/password.ts';
import { CHILD_LINK_TTL_HOURS } from '@hamkke/contract/login/child-invite';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomSecret, secretHash } from '../../lib/secret-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import type { ChildrenLoginService } from '../identity/children-login.service.ts';
import { consumeChildLink, findLiveChildLink, insertChildLink } from './child-links.repository.ts';
import type { ChildrenService } from './children.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AccountLock } from '../../lib/rate-limiter.ts';

/**
 * One-time child links: the parent makes one (pin users only), the child uses it once within
 * 72 hours without logging in. Only the token's hash is stored.
 */
export function createChildLinksService(deps: {
  users: UsersService;
  db: Kysely<Database>;
  clock: Clock;
  children: ChildrenService;
  terms: TermsService;
  tokens: TokenService;
  childrenLogin: ChildrenLoginService;
  activity: ActivityLogService;
  /** Children login's per-id lock, which a new password lifts. */
  loginLock: AccountLock;
  passwordParams?: PasswordParams;
}) {
  const { db, users, clock, activity } = deps;

  async function issue(row: {
    purpose: 'REGISTER' | 'RESET_PASSWORD';
    parentId: number;
    childId: number | null;
    userNm: string;
    consent?: { version: string; ipAddress: string };
  }) {
    const token = randomSecret(24);
    const now = clock();
    const expiresAt = new Date(now.getTime() + CHILD_LINK_TTL_HOURS * 3600_000).toISOString();
    await insertChildLink(db, {
      token_hash: secretHash(token),
      purpose: row.purpose,
      parent_user_id: row.parentId,
      child_user_id: row.childId,
      user_nm: row.userNm,
      expires_at: expiresAt,
      used_at: null,
      created_at: now.toISOString(),
      guardian_consent_version: row.consent?.version ?? null,
      guardian_consented_at: row.consent ? now.toISOString() : null,
      guardian_consent_address: row.consent?.ipAddress ?? null,
    });
    const path = row.purpose === 'REGISTER' ? `/login/id/${token}` : `/login/pw/${token}`;
    return { token, path, expiresAt };
  }

  async function liveLink(token: string) {
    const link = await findLiveChildLink(db, secretHash(token), clock().toISOString());
    if (!link) throw new AppError('NOT_FOUND', 'The link is unknown, used or expired');
    return link;
  }

  return {
    /**
     * A registration link, made with the parent's consent to the child privacy document in force
     * (decision 038; 400 on `guardianConsentVersion` otherwise): kept on the link until the child registers.
     */
    async createInvite(
      parentId: number,
      input: { userNm: string; guardianConsentVersion: string },
      ipAddress: string,
    ) {
      await deps.terms.assertGuardianConsentCurrent(input.guardianConsentVersion);
      return issue({
        purpose: 'REGISTER',
        parentId,
        childId: null,
        userNm: input.userNm,
        consent: { version: input.guardianConsentVersion, ipAddress },
      });
    },

    async createPasswordLink(parentId: number, childrenUserId: number) {
      const child = await users.childOf(parentId, childrenUserId);
      if (!child) throw new AppError('NOT_FOUND', 'No such child of yours');
      return issue({ purpose: 'RESET_PASSWORD', parentId, childId: child.id, userNm: child.name });
    },

    async info(token: string, ipAddress: string) {
      const link = await liveLink(token);
      if (link.purpose === 'REGISTER') {
        await activity.record({
          eventType: 'CHILD_INVITE_LINK_ACCESS',
          userId: String(link.parent_user_id),
          ipAddress,
        });
      }
      return {
        purpose: link.purpose,
        userNm: link.user_nm,
        parentAlias: link.parent_alias,
        loginId: link.child_login_id ?? null,
        expiresAt: link.expires_at,
      };
    },

    /** The child agrees to the terms and picks an id and password; the account belongs to the parent. */
    async register(input: { token: string; loginId: string; password: string }, ipAddress: string) {
      const link = await liveLink(input.token);
      if (link.purpose !== 'REGISTER') throw new AppError('NOT_FOUND', 'Not a registration link');
      await activity.record({
        eventType: 'CHILD_INVITE_TERMS_AGREE',
        userId: String(link.parent_user_id),
        ipAddress,
      });
      const consent =
        link.guardian_consent_version && link.guardian_consented_at && link.guardian_consent_address
          ? {
              version: link.guardian_consent_version,
              agreedAt: link.guardian_consented_at,
              ipAddress: link.guardian_consent_address,
            }
          : null;
      // The link is used in the child's transaction: two submissions of it keep the first account only.
      const child = await deps.children.createFromLink(
        link.parent_user_id,
        { loginId: input.loginId, password: input.password, userNm: link.user_nm },
        consent,
        async (trx) => {
          if (!(await consumeChildLink(trx, link.token_hash, clock().toISOString()))) {
            throw new AppError('NOT_FOUND', 'The link was used a moment ago');
          }
        },
      );
      return child;
    },

    async resetPassword(input: { token: string; password: string }) {
      const link = await liveLink(input.token);
      if (link.purpose !== 'RESET_PASSWORD' || link.child_user_id === null) {
        throw new AppError('NOT_FOUND', 'Not a password link');
      }
      if (!(await consumeChildLink(db, link.token_hash, clock().toISOString())))
        throw new AppError('NOT_FOUND', 'The link was used a moment ago');
      const child = await users.findById(link.child_user_id);
      if (!child) throw new AppError('NOT_FOUND', 'The child account is gone');
      await users.updateChild(child.id, {
        passwordHash: await hashPassword(input.password, deps.passwordParams),
        updatedAt: clock().toISOString(),
      });
      // A new password signs the child out everywhere, and lifts the login id's wait after failures.
      await deps.tokens.revokeAll(child.id);
      await deps.childrenLogin.revokeAllAutoLogins(child.id);
      if (child.login_id) await deps.loginLock.lift(child.login_id);
      return { changed: true as const };
    },
  };
}
export type ChildLinksService = ReturnType<typeof createChildLinksService>;
