import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The database's own description of its tables: foreign keys (for the seed's delete order) and columns. */

/** A table and the tables its foreign keys point at. */
export interface TableReferences {
  table: string;
  references: string[];
}

/** The app's tables (not the migrator's own) with their foreign-key targets, read from the database. */
export async function readTableReferences(db: Kysely<any>): Promise<TableReferences[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    const keys = await sql<{ table_name: string; target: string }>`
      select tc.table_name, ccu.table_name as target
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db);
    return appTables(tables.rows.map((row) => row.table_name)).map((table) => ({
      table,
      references: keys.rows.filter((key) => key.table_name === table).map((key) => key.target),
    }));
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const result: TableReferences[] = [];
  for (const table of appTables(tables.rows.map((row) => row.name))) {
    const keys = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(
      db,
    );
    result.push({ table, references: keys.rows.map((key) => key.table) });
  }
  return result;
}

function appTables(names: string[]): string[] {
  return names.filter((name) => !name.startsWith('kysely_')).sort();
}

/**
 * Tables in an order in which every row can be deleted without breaking a reference: a table comes
 * before every table it points at (self-references ignored). Throws on a reference cycle.
 */
export function deletionOrder(tables: TableReferences[]): string[] {
  const order: string[] = [];
  const remaining = new Map(tables.map(({ table, references }) => [table, new Set(references)]));
  for (const refs of remaining.values())
    for (const ref of [...refs]) if (!remaining.has(ref)) refs.delete(ref);
  while (remaining.size > 0) {
    // Tables nobody left points at can go now.
    const pointedAt = new Set<string>();
    for (const [table, refs] of remaining) for (const ref of refs) if (ref !== table) pointedAt.add(ref);
    const free = [...remaining.keys()].filter((table) => !pointedAt.has(table));
    if (free.length === 0)
      throw new Error(`foreign keys form a cycle among ${[...remaining.keys()].join(', ')}`);
    for (const table of free) {
      order.push(table);
      remaining.delete(table);
    }
  }
  return order;
}

/** Every app table's column names, read from the database (for the schema check). */
export async function readTableColumns(db: Kysely<any>): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
    for (const row of rows.rows) {
      if (row.table_name.startsWith('kysely_')) continue;
      columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
    }
    return columns;
  }
  for (const { table } of await readTableReferences(db)) {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    columns.set(
      table,
      rows.rows.map((row) => row.name),
    );
  }
  return columns;
}
