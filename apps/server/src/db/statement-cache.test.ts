import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('the SQLite statement cache', () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('prepares each SQL text once and answers every run with its own parameters', async () => {
    sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    for (const [id, name] of [
      [1, '하나'],
      [2, '둘'],
    ] as const) {
      await db.insertInto('t').values({ id, name }).execute();
    }
    const names = [];
    for (const id of [1, 2, 1]) {
      names.push((await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst())?.name);
    }
    expect(names).toEqual(['하나', '둘', '하나']);
    const texts = prepare.mock.calls.map(([text]) => text);
    // create, insert, select: each text once, however often it ran.
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // now the most recently used
    cached.prepare('select 3'); // drops `select 2`
    cached.prepare('select 1');
    cached.prepare('select 2'); // prepared again
    expect(prepare.mock.calls.map(([text]) => text)).toEqual([
      'select 1',
      'select 2',
      'select 3',
      'select 2',
    ]);
    expect(cached.prepare('select 3').all([])).toEqual([{ 3: 3 }]);
  });
});
