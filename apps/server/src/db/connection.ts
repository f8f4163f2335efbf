import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { preparedStatementName } from './prepared-query.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = DatabaseTarget['kind'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (the metrics' db_pool_connections). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

// PostgreSQL COUNT(*) is a bigint, which node-postgres hands back as a string; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * A fixed-shape query (db/prepared-query.ts) runs as a named prepared statement on this connection:
 * parsed and planned once per connection, then only bound (pg keeps the names it prepared per
 * connection; a new connection prepares again). Every other text runs as before, unnamed.
 */
function nameFixedQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' && Array.isArray(values) ? preparedStatementName(text) : undefined;
    if (name) return query({ name, text, values }, callback);
    return query(text, values, callback);
  }) as typeof client.query;
}

/**
 * Opens the database named by the configuration: a SQLite file, or a PostgreSQL pool. A request
 * waits for one of the pool's ten connections up to `connectionWaitMs` (inside the web app's own
 * 15 s time-out), then is answered 503 (`isConnectionWaitTimeout`); a burst of joins into one team
 * waits its turn rather than failing. One statement runs at most `target.statementTimeoutMs`
 * (PostgreSQL's `statement_timeout` on each connection; SQLite's `busy_timeout`, the wait for the
 * write lock), then fails and is answered 503 (`isDatabaseUnavailable`, decision 044). A connection
 * the database dropped (a restart) is thrown away by the pool and the next request opens a new one.
 */
export function openDatabase(
  target: DatabaseTarget,
  options: { connectionWaitMs?: number } = {},
): DatabaseHandle {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 10,
      connectionTimeoutMillis: options.connectionWaitMs ?? 10_000,
      ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : {}),
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // Nor one checked out between two queries (inside a transaction) when the database restarts:
    // its next query fails, and the pool throws it away on release (decision 044).
    pool.on('connect', (client) => {
      client.on('error', () => {});
      nameFixedQueries(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (target.filename !== ':memory:') fs.mkdirSync(path.dirname(target.filename), { recursive: true });
  const sqlite = new SQLite(target.filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.round(target.statementTimeoutMs ?? 5000)}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** True when the database answers a trivial query within the time limit. */
export async function pingDatabase(db: Kysely<Database>, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
