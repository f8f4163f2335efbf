import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import {
  countParentSignUpsByDay,
  findAccountNames,
  findPayoutPhones,
  findChildAccounts,
  findParent,
  findParentPage,
  setFamilySuspended,
  type ParentQuery,
  deleteUser,
  findChildOf,
  findChildrenOf,
  isLoginIdTaken,
  updateChild,
  deleteUserAndChildren,
  findChildByLoginId,
  findFamilyIds,
  findUserById,
  findUserByKakaoId,
  insertUser,
  markPinVerified,
  markChildNoticeSeen,
  replacePasswordHash,
  updateProfile,
} from './users.repository.ts';

type Executor = Kysely<Database>;

/**
 * The accounts every other module reads and changes: parents and children. Each method may run inside
 * the caller's transaction (`executor`); the database otherwise.
 */
export function createUsersService(deps: { db: Kysely<Database>; clock: Clock; events: DomainEvents }) {
  const { db, clock, events } = deps;
  return {
    findById: (userId: number, executor: Executor = db) => findUserById(executor, userId),
    findByKakaoId: (kakaoId: string, executor: Executor = db) => findUserByKakaoId(executor, kakaoId),
    findChildByLoginId: (loginId: string, executor: Executor = db) => findChildByLoginId(executor, loginId),
    insert: (user: NewUser, executor: Executor = db) => insertUser(executor, user),
    markPinVerified: (userId: number, nowIso: string, executor: Executor = db) =>
      markPinVerified(executor, userId, nowIso),
    /** A child confirmed the notice about their data (once; later calls change nothing). */
    markChildNoticeSeen: (userId: number) => markChildNoticeSeen(db, userId, clock().toISOString()),
    /** A parent and their children. */
    familyIds: (userId: number, executor: Executor = db) => findFamilyIds(executor, userId),
    /** A parent's children, oldest first. */
    childrenOf: (parentId: number, executor: Executor = db) => findChildrenOf(executor, parentId),
    /** The child only when it belongs to this parent; another family's id finds nothing. */
    childOf: (parentId: number, childId: number, executor: Executor = db) =>
      findChildOf(executor, parentId, childId),
    isLoginIdTaken: (loginId: string, executor: Executor = db) => isLoginIdTaken(executor, loginId),
    /** A child's name (also their alias), password hash or login id, changed by their parent or themselves. */
    updateChild: (
      childId: number,
      changes: { name?: string; passwordHash?: string; loginId?: string; updatedAt: string },
      executor: Executor = db,
    ) => updateChild(executor, childId, changes),
    updateProfile: (
      userId: number,
      changes: { alias?: string | undefined; avatar?: string | undefined; now: string },
      executor: Executor = db,
    ) => updateProfile(executor, userId, changes),
    /** After a successful login: the old hash (legacy scheme or cost) becomes `to`, unless it changed meanwhile. */
    replacePasswordHash: (userId: number, hashes: { from: string; to: string }, executor: Executor = db) =>
      replacePasswordHash(executor, userId, hashes),
    deleteWithChildren: (userId: number, executor: Executor = db) => deleteUserAndChildren(executor, userId),
    delete: (userId: number, executor: Executor = db) => deleteUser(executor, userId),

    /** Support's search of parents (newest first), with how many children each has. */
    searchParents: (input: ParentQuery & { offset: number; limit: number }) => findParentPage(db, input),
    /** A parent as support sees them; undefined for a child or no one. */
    parent: (userId: number, executor: Executor = db) => findParent(executor, userId),
    /** A parent's children as support sees them. */
    childAccounts: (parentId: number, executor: Executor = db) => findChildAccounts(executor, parentId),
    /** Name, alias and kind of each of these accounts (in no order). */
    /** Each account's payout phone (its own, or its parent's for a child): the reward export only. */
    payoutPhonesOf: (userIds: readonly number[], executor: Executor = db) =>
      findPayoutPhones(executor, userIds),
    namesOf: (userIds: readonly number[], executor: Executor = db) => findAccountNames(executor, userIds),
    /** Parent accounts created on each of these Seoul days (given as UTC ranges). */
    parentSignUpsPerDay: (days: readonly { day: string; fromAt: string; toAt: string }[]) =>
      countParentSignUpsByDay(db, days),

    /**
     * An operator suspends a parent with their children (a reason), or lifts it (null). A suspension
     * ends every session of theirs in the same transaction (`accountsSuspended`: auth's tokens,
     * identity's auto-logins). NOT_FOUND for anyone but a parent; CONFLICT when it is so already.
     */
    setFamilySuspended: (parentId: number, reason: string | null, trx?: Executor) =>
      inTransaction(db, trx, async (trx) => {
        const parent = await findParent(trx, parentId);
        if (!parent) throw new AppError('NOT_FOUND', 'No such parent');
        if ((parent.suspended_at !== null) === (reason !== null)) {
          throw new AppError('CONFLICT', reason ? 'Already suspended' : 'Not suspended');
        }
        const now = clock().toISOString();
        const accounts = await setFamilySuspended(trx, {
          parentId,
          suspended: reason === null ? null : { at: now, reason },
          now,
        });
        if (reason !== null) await events.emit(trx, 'accountsSuspended', { userIds: accounts, at: now });
        return {
          before: { suspendedAt: parent.suspended_at, suspendedReason: parent.suspended_reason },
          accounts,
          at: now,
        };
      }),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
