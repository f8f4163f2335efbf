import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createFreshDatabase, type FreshDatabase } from '../../test/harness.ts';
import { preparedQuery } from './prepared-query.ts';

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

  it('refuses a value that would be written into the SQL text', async () => {
    const inlined = preparedQuery((db, values: { column: string }) =>
      db.selectFrom('common_codes').select(sql.ref<string>(values.column).as('x')),
    );
    await expect(inlined(database.db, { column: 'code' })).rejects.toThrow(/SQL text/);
  });
});
