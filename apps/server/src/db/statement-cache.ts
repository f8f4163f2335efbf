import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (an `in (?, ?, …)` list is one per length). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely sees it, preparing each SQL text once. Kysely's SQLite driver
 * prepares every query it runs; preparing (parsing and planning the SQL) was the largest single
 * cost of a signed-in read (16 % of the server's time under `home/mission-list`). Reusing a statement
 * is safe here: Kysely runs one query at a time on its one SQLite connection, and the app never
 * streams a query (a statement being iterated cannot run again until the iteration ends). SQLite
 * re-plans a cached statement by itself after a schema change. Least recently used texts go first.
 */
export function withStatementCache(sqlite: SQLiteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        // Most recently used last: Map keeps insertion order.
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}
