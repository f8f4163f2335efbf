import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionWaitTimeout } from './db-errors.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a PostgreSQL pool that is busy', () => {
  it('gives up waiting for a connection with an error told apart from a broken database', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 50 });
    // The pool's one connection, held: on a busy machine opening it may itself take longer than the
    // 50 ms wait, so it is tried until it opens (for at most 10 s).
    const deadline = Date.now() + 10_000;
    let held: pg.PoolClient | undefined;
    while (!held) {
      held = await pool.connect().catch((error: unknown) => {
        if (Date.now() > deadline) throw error;
        return undefined;
      });
    }
    try {
      const waited = await pool.connect().catch((error: unknown) => error);
      expect(isConnectionWaitTimeout(waited)).toBe(true);
      expect(isConnectionWaitTimeout(new Error('connection refused'))).toBe(false);
    } finally {
      held.release();
      await pool.end();
    }
  });
});
