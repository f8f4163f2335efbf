import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createFreshDatabase, type FreshDatabase } from '../../test/harness.ts';
import { preparedQuery, preparedStatementName } from './prepared-query.ts';

const commonCodesOf = preparedQuery((db, values: { group: string; active: number }) =>
  db
    .selectFrom('common_codes')
    .select(['code', 'name'])
    .where('group_key', '=', values.group)
    .where('active', '=', values.active)
    // A constant of the query stays in its place among the parameters.
    .where('code', '!=', '__none__')
    .orderBy('code'),
);

describe.each(testDatabaseTargets())('preparedQuery on $name', (target) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await createFreshDatabase(target);
    await database.db
      .insertInto('common_codes')
      .values([
        { group_key: 'G1', code: 'A', name: '가', sort: 1, active: 1 },
        { group_key: 'G1', code: 'B', name: '나', sort: 2, active: 0 },
        { group_key: 'G2', code: 'C', name: '다', sort: 1, active: 1 },
      ])
      .execute();
  });
  afterAll(() => database.close());

  it('answers each run with its own values, as the same query built each time does', async () => {
    const db = database.db;
    for (const [group, active] of [
      ['G1', 1],
      ['G1', 0],
      ['G2', 1],
      ['G3', 1],
    ] as const) {
      const built = await db
        .selectFrom('common_codes')
        .select(['code', 'name'])
        .where('group_key', '=', group)
        .where('active', '=', active)
        .where('code', '!=', '__none__')
        .orderBy('code')
        .execute();
      expect(await commonCodesOf(db, { group, active })).toEqual(built);
    }
    expect(await commonCodesOf(db, { group: 'G1', active: 1 })).toEqual([{ code: 'A', name: '가' }]);
  });

  it('runs as a named statement prepared once per connection on PostgreSQL (decision 054)', async () => {
    const found = await database.db.transaction().execute(async (trx) => {
      // One connection: the first run prepares it under its name, the next ones only bind values.
      const runs = [
        await commonCodesOf(trx, { group: 'G1', active: 1 }),
        await commonCodesOf(trx, { group: 'G2', active: 1 }),
        await commonCodesOf(trx, { group: 'G1', active: 0 }),
      ];
      const prepared =
        target.name === 'postgres'
          ? (
              await sql<{ name: string; statement: string }>`
                select name, statement from pg_prepared_statements`.execute(trx)
            ).rows
          : [];
      return { runs, prepared };
    });
    expect(found.runs).toEqual([
      [{ code: 'A', name: '가' }],
      [{ code: 'C', name: '다' }],
      [{ code: 'B', name: '나' }],
    ]);
    if (target.name !== 'postgres') return;
    const named = found.prepared.filter((row) => row.statement.includes('common_codes'));
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toBe(preparedStatementName(named[0]!.statement));
    expect(named[0]!.name).toMatch(/^hamkke_q\d+$/);
  });

  it('refuses a value that would be written into the SQL text', async () => {
    const inlined = preparedQuery((db, values: { column: string }) =>
      db.selectFrom('common_codes').select(sql.ref<string>(values.column).as('x')),
    );
    await expect(inlined(database.db, { column: 'code' })).rejects.toThrow(/SQL text/);
  });
});
