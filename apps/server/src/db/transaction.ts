import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * "Pass the transaction" (issue 24): a console-facing domain operation takes the caller's
 * transaction as an optional last argument. Given one, `work` runs inside it (no transaction of its
 * own); without one, it runs in a new transaction, as before.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  trx: Kysely<Database> | undefined,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return trx ? work(trx) : db.transaction().execute(work);
}

/** One id or several, as a list (the revocations take either). */
export function idList(ids: number | readonly number[]): readonly number[] {
  return typeof ids === 'number' ? [ids] : ids;
}
