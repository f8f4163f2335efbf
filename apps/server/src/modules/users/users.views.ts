import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What other modules' repositories may compose of the users table (decision 016): who a person is
 * to others and to the session check, never their password hash, phone or birth date.
 */
export function peopleView(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'user_type',
      'login_id',
      'parent_user_id',
      'name',
      'alias',
      'avatar',
      'status',
      'pin_verified_at',
      'suspended_at',
      'created_at',
    ]);
}

/** People who may use the app now: not withdrawn, and not suspended by an operator. */
export function activePeopleView(db: Kysely<Database>) {
  return peopleView(db).where('status', '=', 'USER').where('suspended_at', 'is', null);
}

/**
 * Each account with its family: a child's family is the parent who made the account, a parent is
 * their own family (the dashboard counts families).
 */
export function familiesView(db: Kysely<Database>) {
  return db.selectFrom('users').select(['id', sql<number>`coalesce(parent_user_id, id)`.as('family_id')]);
}
