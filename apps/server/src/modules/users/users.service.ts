import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../db/schema.ts';
import {
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
  replacePasswordHash,
  updateProfile,
} from './users.repository.ts';

type Executor = Kysely<Database>;

/**
 * The accounts every other module reads and changes: parents and children. Each method may run inside
 * the caller's transaction (`executor`); the database otherwise.
 */
export function createUsersService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    findById: (userId: number, executor: Executor = db) => findUserById(executor, userId),
    findByKakaoId: (kakaoId: string, executor: Executor = db) => findUserByKakaoId(executor, kakaoId),
    findChildByLoginId: (loginId: string, executor: Executor = db) => findChildByLoginId(executor, loginId),
    insert: (user: NewUser, executor: Executor = db) => insertUser(executor, user),
    markPinVerified: (userId: number, nowIso: string, executor: Executor = db) =>
      markPinVerified(executor, userId, nowIso),
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
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
