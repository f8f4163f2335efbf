import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Pass the transaction (issue 24, table ownership): a console-facing domain operation given the
 * caller's transaction runs inside it and never opens its own; without one it opens its own.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  trx: Kysely<Database> | undefined,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return trx ? work(trx) : db.transaction().execute(work);
}
