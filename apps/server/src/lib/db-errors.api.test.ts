import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionWaitTimeout } from './db-errors.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('a PostgreSQL pool that is busy', () => {
  it('gives up waiting for a connection with an error told apart from a broken database', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 50 });
    const held = await pool.connect();
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
