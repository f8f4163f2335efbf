import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createFreshDatabase, type FreshDatabase } from '../../test/harness.ts';
import { readTableColumns } from './table-order.ts';

/**
 * The tables and columns `schema.ts` declares (the types every query is checked against), read
 * from its text: the `Database` interface maps table names to `XxxTable` interfaces.
 */
function declaredSchema(): Map<string, string[]> {
  const source = fs.readFileSync(new URL('./schema.ts', import.meta.url), 'utf8');
  const body = (name: string) => {
    const match = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source);
    if (!match) throw new Error(`schema.ts has no interface ${name}`);
    return match[1]!.replace(/\/\*\*[\s\S]*?\*\//g, '');
  };
  const tables = new Map<string, string[]>();
  for (const [, table, type] of body('Database').matchAll(/^\s+(\w+): (\w+);/gm)) {
    tables.set(
      table!,
      [...body(type!).matchAll(/^\s+(\w+)\??:/gm)].map(([, column]) => column!),
    );
  }
  return tables;
}

describe.each(testDatabaseTargets())('schema.ts against the migrated tables on $name', (target) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await createFreshDatabase(target);
  });
  afterAll(() => database.close());

  it('declares exactly the tables and columns the migrations make', async () => {
    const declared = declaredSchema();
    expect(declared.size).toBeGreaterThan(25);
    const migrated = await readTableColumns(database.db);
    const sorted = (map: Map<string, string[]>) =>
      Object.fromEntries(
        [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([t, c]) => [t, [...c].sort()]),
      );
    expect(sorted(declared)).toEqual(sorted(migrated));
  });
});
