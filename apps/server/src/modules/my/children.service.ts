import type { PasswordParams } from '../../lib/password.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Child } from '@hamkke/contract/my/children';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { beginAttempt, type AccountLock, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../auth/token.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ActivityLogService } from '../identity/activity-log.service.ts';
import type { ChildrenLoginService } from '../identity/children-login.service.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { UsersService } from '../users/users.service.ts';

function toChild(row: UserRow): Child {
  return {
    childrenUserId: String(row.id),
    loginId: row.login_id ?? '',
    userNm: row.name,
    alias: row.alias,
    createdAt: row.created_at,
  };
}

/** The version of the child privacy document a parent agreed to, when and from where (decision 038). */
export interface GuardianConsentGiven {
  version: string;
  agreedAt: string;
  ipAddress: string;
}

export interface ChildrenServiceDeps {
  users: UsersService;
  terms: TermsService;
  db: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  childrenLogin: ChildrenLoginService;
  activity: ActivityLogService;
  /** A child's wrong current passwords, per child. */
  passwordLimiter: RateLimiter;
  /** "That login id is taken" answers per parent, so ids cannot be listed by trying them. */
  takenIdLimiter: RateLimiter;
  /** Children login's per-id lock, which a parent's new password or unlock lifts. */
  loginLock: AccountLock;
  files: FilesService;
  /** Takes people out of every team (counters, manager role, invitations) before they are deleted. */
  leaveTeams: (userIds: readonly number[]) => Promise<void>;
  /** argon2id cost; the default (security.md) unless a test changes it. */
  passwordParams?: PasswordParams;
}

/** 부모는 자기 자녀만 보고 바꿀 수 있어요. Every lookup goes through the parent. */
export function createChildrenService(deps: ChildrenServiceDeps) {
  const { users, clock, activity, terms, db } = deps;
  const hash = (password: string) => hashPassword(password, deps.passwordParams);

  async function ownChild(parentId: number, childrenUserId: number): Promise<UserRow> {
    const child = await users.childOf(parentId, childrenUserId);
    if (!child) throw new AppError('NOT_FOUND', 'No such child of yours');
    return child;
  }

  const takenLoginId = () =>
    new AppError('CONFLICT', 'That login id is taken', [
      { path: 'loginId', code: 'TAKEN', message: 'is taken' },
    ]);

  /** The child's row and the guardian's consent row in one transaction: both or neither. */
  async function insertChild(
    parentId: number,
    input: { loginId: string; password: string; userNm: string },
    consent: GuardianConsentGiven | null,
    alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<Child> {
    const loginId = input.loginId.toLowerCase();
    // Counted as a "taken" answer until it turns out not to be one.
    const attempt = await beginAttempt([() => deps.takenIdLimiter.begin(String(parentId))]);
    if (await users.isLoginIdTaken(loginId)) throw takenLoginId();
    await attempt.succeeded();
    const stamp = clock().toISOString();
    const passwordHash = await hash(input.password);
    let childId: number;
    try {
      childId = await db.transaction().execute(async (trx) => {
        const id = await users.insert(
          {
            user_type: 'CHILD',
            kakao_id: null,
            login_id: loginId,
            password_hash: passwordHash,
            parent_user_id: parentId,
            name: input.userNm,
            alias: input.userNm,
            phone: null,
            birth_date: null,
            status: 'USER',
            pin_verified_at: null,
            created_at: stamp,
            updated_at: stamp,
          },
          trx,
        );
        if (consent) await terms.recordGuardianConsent({ parentId, childId: id, ...consent }, trx);
        if (alsoInTransaction) await alsoInTransaction(trx);
        return id;
      });
    } catch (error) {
      // Two parents choosing the same id at the same moment: the unique index decides.
      if (!(error instanceof AppError) && (await users.isLoginIdTaken(loginId))) throw takenLoginId();
      throw error;
    }
    await activity.record({
      eventType: 'CHILD_ACCOUNT_CREATE',
      userId: String(parentId),
      title: String(childId),
    });
    return toChild((await users.findById(childId))!);
  }

  return {
    list: async (parentId: number) => (await users.childrenOf(parentId)).map(toChild),

    info: async (parentId: number, childrenUserId: number) =>
      toChild(await ownChild(parentId, childrenUserId)),

    /**
     * A parent makes a child account with their consent to the child privacy document in force
     * (decision 038): 400 on `guardianConsentVersion` otherwise, before anything is written.
     */
    async create(
      parentId: number,
      input: { loginId: string; password: string; userNm: string; guardianConsentVersion: string },
      ipAddress: string,
    ) {
      await terms.assertGuardianConsentCurrent(input.guardianConsentVersion);
      return insertChild(parentId, input, {
        version: input.guardianConsentVersion,
        agreedAt: clock().toISOString(),
        ipAddress,
      });
    },

    /**
     * The child's account from a registration link: the consent its parent gave when making the
     * link (null for links made before consents were kept: the parent is asked at the next visit),
     * and `alsoInTransaction` (the link used) in the same transaction as the row.
     */
    createFromLink: (
      parentId: number,
      input: { loginId: string; password: string; userNm: string },
      consent: GuardianConsentGiven | null,
      alsoInTransaction: (trx: Kysely<Database>) => Promise<void>,
    ) => insertChild(parentId, input, consent, alsoInTransaction),

    /** The guardian's consents of the parent's children, or of the one asked (404 for anyone else's). */
    async consents(parentId: number, childrenUserId?: number) {
      const children =
        childrenUserId === undefined
          ? await users.childrenOf(parentId)
          : [await ownChild(parentId, childrenUserId)];
      const { document, byChild } = await terms.guardianConsents(children.map((child) => child.id));
      return {
        document,
        children: children.map((child) => ({
          childrenUserId: String(child.id),
          userNm: child.name,
          ...byChild.get(child.id)!,
        })),
      };
    },

    /** The parent agrees again (a newer required version, or a child made before consents were kept). */
    async agreeConsent(
      parentId: number,
      input: { childrenUserId: number; guardianConsentVersion: string },
      ipAddress: string,
    ) {
      const child = await ownChild(parentId, input.childrenUserId);
      await terms.assertGuardianConsentCurrent(input.guardianConsentVersion);
      await terms.recordGuardianConsent({
        parentId,
        childId: child.id,
        version: input.guardianConsentVersion,
        agreedAt: clock().toISOString(),
        ipAddress,
      });
      const { byChild } = await terms.guardianConsents([child.id]);
      return { childrenUserId: String(child.id), userNm: child.name, ...byChild.get(child.id)! };
    },

    async update(parentId: number, input: { childrenUserId: number; userNm?: string; password?: string }) {
      const child = await ownChild(parentId, input.childrenUserId);
      await users.updateChild(child.id, {
        ...(input.userNm === undefined ? {} : { name: input.userNm }),
        ...(input.password === undefined ? {} : { passwordHash: await hash(input.password) }),
        updatedAt: clock().toISOString(),
      });
      // A new password signs the child out everywhere, and lifts the login id's wait after failures.
      if (input.password !== undefined) {
        await deps.tokens.revokeAll(child.id);
        await deps.childrenLogin.revokeAllAutoLogins(child.id);
        if (child.login_id) await deps.loginLock.lift(child.login_id);
      }
      return toChild((await users.findById(child.id))!);
    },

    /**
     * The parent lifts the lock on the child's login id after failures from browsers the child
     * never signed in on (a stranger's guesses, decision 033): the child signs in at once, with
     * the password they have. Recorded in the activity log as the parent's, naming the child.
     */
    async unlockLogin(parentId: number, childrenUserId: number) {
      const child = await ownChild(parentId, childrenUserId);
      if (child.login_id) await deps.loginLock.lift(child.login_id);
      await activity.record({
        eventType: 'CHILD_LOGIN_UNLOCK',
        userId: String(parentId),
        title: String(child.id),
      });
      return { unlocked: true as const };
    },

    /** Deleting removes the child's personal data: the row, certifications, photos (rows and bytes) and tokens. */
    async remove(parentId: number, childrenUserId: number) {
      const child = await ownChild(parentId, childrenUserId);
      await activity.forgetBirthDates([child.id]);
      await deps.leaveTeams([child.id]);
      await deps.files.deleteOwnersWithPhotos([child.id], async () => {
        await users.delete(child.id);
      });
      await activity.record({
        eventType: 'CHILD_ACCOUNT_DELETE',
        userId: String(parentId),
        title: String(child.id),
      });
      return { deleted: true as const };
    },

    /**
     * A child changes their own password, proving the current one (rate limited). Every other
     * session and auto-login of the child ends: whoever knew the old password is signed out.
     */
    async changeOwnPassword(
      userId: number,
      currentTokenHash: string,
      input: { currentPassword: string; newPassword: string },
    ) {
      const key = String(userId);
      await deps.passwordLimiter.assertAllowed(key);
      const user = await users.findById(userId);
      if (!user || user.user_type !== 'CHILD' || !user.password_hash) {
        throw new AppError('FORBIDDEN', 'Only a child account has a password');
      }
      if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
        await deps.passwordLimiter.recordFailure(key);
        throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong');
      }
      await users.updateChild(userId, {
        passwordHash: await hash(input.newPassword),
        updatedAt: clock().toISOString(),
      });
      await deps.tokens.revokeAllExcept(userId, currentTokenHash);
      await deps.childrenLogin.revokeAllAutoLogins(userId);
      return { changed: true as const };
    },

    /** 아이디는 자녀 본인이 현재 비밀번호로 확인한 뒤에 바꿀 수 있어요; ids stay unique. */
    async changeOwnLoginId(userId: number, input: { currentPassword: string; newLoginId: string }) {
      const key = String(userId);
      await deps.passwordLimiter.assertAllowed(key);
      const user = await users.findById(userId);
      if (!user || user.user_type !== 'CHILD' || !user.password_hash) {
        throw new AppError('FORBIDDEN', 'Only a child account has a login id');
      }
      if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
        await deps.passwordLimiter.recordFailure(key);
        throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong');
      }
      if (input.newLoginId === user.login_id) return { loginId: input.newLoginId };
      const taken = () =>
        new AppError('CONFLICT', 'That login id is taken', [
          { path: 'newLoginId', code: 'TAKEN', message: 'is taken' },
        ]);
      if (await users.findChildByLoginId(input.newLoginId)) throw taken();
      try {
        await users.updateChild(userId, { loginId: input.newLoginId, updatedAt: clock().toISOString() });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return { loginId: input.newLoginId };
    },
  };
}
export type ChildrenService = ReturnType<typeof createChildrenService>;
