import fs from 'node:fs';
import path from 'node:path';
import { SERVER_MODULES, SERVER_SRC } from './paths.js';

/**
 * Who owns which table, read from disk for `layers/table-ownership`: each module's
 * `<module>.tables.ts` (exactly `export const ownedTables = ['a', 'b'] as const;`, comments aside),
 * jobs/'s two tables, and the table names of db/schema.ts (`interface Database`), so the rule cannot
 * drift from the declarations. Each file is read again when it changes.
 */

export const JOBS_TABLES = new Set(['job_leases', 'job_runs']);

const DECLARATION = /^\s*export const ownedTables = \[([^\]]*)\] as const;\s*$/;
const tablesFile = (module) => path.join(SERVER_MODULES, module, `${module}.tables.ts`);
const SCHEMA_FILE = path.join(SERVER_SRC, 'db', 'schema.ts');

/** Files read from disk each time they change, so a rule never runs on a stale list. */
const fileCache = new Map();
function readCached(file, parse) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const key = `${stat.mtimeMs}:${stat.size}`;
  const cached = fileCache.get(file);
  if (cached?.key === key) return cached.value;
  const value = parse(fs.readFileSync(file, 'utf8'));
  fileCache.set(file, { key, value });
  return value;
}

/**
 * A module's declared tables: null without a `<module>.tables.ts`, `{ malformed: true }` when it holds
 * anything but the one declaration (and comments).
 */
export function ownedTablesOf(module) {
  return readCached(tablesFile(module), (source) => {
    const match = DECLARATION.exec(source.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, ''));
    if (!match) return { malformed: true };
    const items = match[1]
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const names = items.map((item) => /^'([a-z0-9_]+)'$|^"([a-z0-9_]+)"$/.exec(item));
    if (!names.every(Boolean)) return { malformed: true };
    return { tables: new Set(names.map((name) => name[1] ?? name[2])) };
  });
}

/** Every module's declared tables, for naming a table's owner and finding a table claimed twice. */
export function allDeclarations() {
  let modules;
  try {
    modules = fs.readdirSync(SERVER_MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  } catch {
    return [];
  }
  return modules
    .map((entry) => ({ module: entry.name, owned: ownedTablesOf(entry.name) }))
    .filter((declaration) => declaration.owned?.tables);
}

/** The keys of `interface Database` in db/schema.ts. */
function schemaTables() {
  return (
    readCached(SCHEMA_FILE, (source) => {
      const body = /export interface Database \{([^}]*)\}/.exec(source)?.[1] ?? '';
      return new Set([...body.matchAll(/^\s*([a-z0-9_]+)\s*:/gm)].map((match) => match[1]));
    }) ?? new Set()
  );
}

/** Every table name the schema, the declarations or jobs/ know. */
export function knownTables() {
  const known = new Set([...schemaTables(), ...JOBS_TABLES]);
  for (const { owned } of allDeclarations()) for (const table of owned.tables) known.add(table);
  return known;
}

export function ownerLabel(table) {
  if (JOBS_TABLES.has(table)) return ' (`jobs/` does)';
  const owner = allDeclarations().find((other) => other.owned.tables.has(table));
  return owner ? ` (module \`${owner.module}\` does)` : '';
}
