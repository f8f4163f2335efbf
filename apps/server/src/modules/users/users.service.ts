import type { Kysely } from 'kysely';
import type { Database, NewUser } from '../../db/schema.ts';
import {
  countActiveUsers,
  deleteUser,
  findChildrenOf,
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
    childrenOf: (parentId: number, executor: Executor = db) => findChildrenOf(executor, parentId),
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
    /** Active accounts (status USER). */
    countActive: (executor: Executor = db) => countActiveUsers(executor),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
