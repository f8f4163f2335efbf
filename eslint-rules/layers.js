import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The house's layering, checked by ESLint rather than by review (issues 13 and 24).
 *
 * `import-zones`:
 * - web: `shared` imports neither `features`, `app` nor `prerender`; a feature imports no other
 *   feature, nor `app` or `prerender`; `app` does not import `prerender` (bulletproof-react's one-way
 *   flow, shared → features → app, with `prerender/` on top: it draws the pages at build time and on
 *   the server, so it may import all three, and nothing the browser runs imports it);
 * - server: only a module's own files import its repositories; another module, `plugins/`, `db/`,
 *   `jobs/` and the rest call its services.
 * Every way a file names another counts alike: `import`, `import()`, `export … from`,
 * `export * from`, `import x = require()`, `typeof import()`, relative or `@/…` (apps/web/src), with
 * or without the file's extension.
 *
 * `table-ownership`: see below.
 *
 * Paths are taken relative to the repository root, found from this file's own place, so the rules
 * give the same answers from whatever folder ESLint is started in.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = path.join(ROOT, 'apps', 'web', 'src');
const SERVER_SRC = path.join(ROOT, 'apps', 'server', 'src');
const SERVER_MODULES = path.join(SERVER_SRC, 'modules');

/** The parts of `file` below `dir`, or null when it is not inside it. */
function partsBelow(dir, file) {
  const rel = path.relative(dir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep);
}

/** `teams.repository.ts`, `teams.repository.js`, `teams.repository` → `teams.repository`. */
function withoutExtension(name) {
  return name.replace(/\.[cm]?[jt]sx?$/, '');
}

const isRepository = (name) => withoutExtension(name).endsWith('.repository');
/** `missions.views.ts`: a module's published read shapes of its own tables (decision 016). */
const isViews = (name) => withoutExtension(name).endsWith('.views');

function zoneOf(file) {
  const web = partsBelow(WEB_SRC, file);
  if (web) {
    if (web.length === 1) return { side: 'web', area: 'root' };
    const [area, name] = web;
    return area === 'features' ? { side: 'web', area, name } : { side: 'web', area };
  }
  const server = partsBelow(SERVER_SRC, file);
  if (server) {
    const module = server[0] === 'modules' && server.length > 2 ? server[1] : null;
    return { side: 'server', module, area: module ? `modules/${module}` : server[0], file: server.at(-1) };
  }
  return null;
}

/** The file an import names, absolute; null for packages. */
function resolveSource(importer, source) {
  const request = source.split('?')[0];
  if (request.startsWith('@/')) return path.join(WEB_SRC, request.slice(2));
  if (request === '.' || request === '..' || request.startsWith('./') || request.startsWith('../')) {
    return path.resolve(path.dirname(importer), request);
  }
  return null;
}

/** The text of a string literal or of a template literal without expressions; otherwise undefined. */
function staticString(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between the parts of the app' },
    messages: {
      sharedUp: '`shared` must not import from `{{to}}` (shared → features → app).',
      featureToFeature:
        'Feature `{{from}}` must not import feature `{{to}}`; move what both need to `shared`.',
      featureToApp: 'A feature must not import from `app`.',
      toPrerender:
        '`{{from}}` must not import from `prerender` (it draws pages at build time and on the server; it imports the app, not the other way).',
      foreignRepository:
        '`{{from}}` must not import the repository of module `{{to}}`; call its service instead.',
      foreignViewOutsideRepository:
        "Only a repository may compose module `{{to}}`'s views into its queries; call `{{to}}`'s service from here.",
    },
    schema: [],
  },
  create(context) {
    const importer = path.resolve(context.cwd, context.filename);
    const from = zoneOf(importer);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveSource(importer, source);
      if (!target) return;
      const to = zoneOf(target);
      if (!to || to.side !== from.side) return;
      if (from.side === 'web') {
        if (to.area === 'prerender' && from.area !== 'prerender') {
          context.report({ node, messageId: 'toPrerender', data: { from: from.area } });
        } else if (from.area === 'shared' && (to.area === 'features' || to.area === 'app')) {
          context.report({ node, messageId: 'sharedUp', data: { to: to.area } });
        } else if (from.area === 'features' && to.area === 'features' && to.name !== from.name) {
          context.report({ node, messageId: 'featureToFeature', data: { from: from.name, to: to.name } });
        } else if (from.area === 'features' && to.area === 'app') {
          context.report({ node, messageId: 'featureToApp' });
        }
      } else if (to.module && to.module !== from.module && isRepository(to.file)) {
        context.report({ node, messageId: 'foreignRepository', data: { from: from.area, to: to.module } });
      } else if (to.module && to.module !== from.module && isViews(to.file) && !isRepository(from.file)) {
        context.report({ node, messageId: 'foreignViewOutsideRepository', data: { to: to.module } });
      }
    };
    const checkLiteral = (node) => check(node, staticString(node));
    return {
      ImportDeclaration: (node) => checkLiteral(node.source),
      ExportNamedDeclaration: (node) => node.source && checkLiteral(node.source),
      ExportAllDeclaration: (node) => checkLiteral(node.source),
      ImportExpression: (node) => checkLiteral(node.source),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        checkLiteral(node.moduleReference.expression),
      TSImportType: (node) => checkLiteral(node.source ?? node.argument?.literal),
      'CallExpression[callee.type="Identifier"][callee.name="require"]': (node) =>
        checkLiteral(node.arguments[0]),
    };
  },
};

/** The name of the method a call calls: `db.selectFrom(…)`, `db['selectFrom'](…)`, ``db[`selectFrom`](…)``. */
function calledMethod(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression') return undefined;
  if (!callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return callee.computed ? staticString(callee.property) : undefined;
}

const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
]);
const CTE_METHODS = new Set(['with', 'withRecursive', 'withMaterialized', 'withNotMaterialized']);

const DECLARATION = /^\s*export const ownedTables = \[([^\]]*)\] as const;\s*$/;

const tablesFile = (module) => path.join(SERVER_MODULES, module, `${module}.tables.ts`);

/** Read from disk each time the file changes, so a rule never runs on a stale list. */
const declarationCache = new Map();

/**
 * A module's declared tables: null without a `<module>.tables.ts`, `{ malformed: true }` when it holds
 * anything but the one declaration (and comments).
 */
function ownedTablesOf(module) {
  const file = tablesFile(module);
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const key = `${stat.mtimeMs}:${stat.size}`;
  const cached = declarationCache.get(file);
  if (cached?.key === key) return cached.value;
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const match = DECLARATION.exec(text);
  let value = { malformed: true };
  if (match) {
    const items = match[1]
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const names = items.map((item) => /^'([a-z0-9_]+)'$|^"([a-z0-9_]+)"$/.exec(item));
    if (names.every(Boolean)) value = { tables: new Set(names.map((name) => name[1] ?? name[2])) };
  }
  declarationCache.set(file, { key, value });
  return value;
}

/** Every module's declared tables, for naming a table's owner and finding a table claimed twice. */
function allDeclarations() {
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

/** `'teams as t'` → `teams`; `'public.teams'` → `teams`. */
function tableName(text) {
  const table = text
    .trim()
    .split(/\s+as\s+/i)[0]
    .trim();
  return table.split('.').at(-1);
}

/**
 * Every table has one owning module, and only that module's repositories query it (conventions 13).
 * Each module declares the tables it owns beside its repositories, in
 * `modules/<module>/<module>.tables.ts`, exactly as `export const ownedTables = ['a', 'b'] as const;`
 * (comments aside).
 * A `*.repository.ts` or `*.views.ts` of that module may name, as the first argument of selectFrom, insertInto,
 * updateTable, deleteFrom, replaceInto, mergeInto and of the joins (`'table'`, `'table as alias'`, or
 * an array of them), only those tables, and the names of its own common table expressions (`with`).
 * The declarations are read from disk, so the rule cannot drift from them; a table claimed by two
 * declarations is reported in both.
 * Not checked (yet): a module without a `.tables.ts` file (the declarations are being written module
 * by module); table names inside `sql` templates; tables named through variables.
 */
const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: "A module's repositories query only the tables its `.tables.ts` declares" },
    messages: {
      foreignTable:
        "Module `{{module}}` does not own table `{{table}}`{{owner}}; call the owning module's service (or list the table in {{module}}.tables.ts if it belongs here).",
      malformed:
        "{{file}} must contain exactly `export const ownedTables = ['table_a', 'table_b'] as const;`.",
      claimedTwice: 'Table `{{table}}` is also claimed by module `{{other}}`; a table has one owner.',
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.cwd, context.filename);
    const parts = partsBelow(SERVER_MODULES, file);
    if (!parts || parts.length < 2) return {};
    const module = parts[0];
    const name = parts.at(-1);

    if (parts.length === 2 && name === `${module}.tables.ts`) {
      return {
        'Program:exit'(program) {
          const owned = ownedTablesOf(module);
          if (!owned) return;
          if (owned.malformed) {
            context.report({ node: program, messageId: 'malformed', data: { file: name } });
            return;
          }
          for (const other of allDeclarations()) {
            if (other.module === module) continue;
            for (const table of owned.tables) {
              if (other.owned.tables.has(table)) {
                context.report({
                  node: program,
                  messageId: 'claimedTwice',
                  data: { table, other: other.module },
                });
              }
            }
          }
        },
      };
    }

    if (!name.endsWith('.repository.ts') && !name.endsWith('.views.ts')) return {};
    const owned = ownedTablesOf(module);
    if (!owned) return {};
    const named = [];
    const cteNames = new Set();
    return {
      CallExpression(node) {
        const method = calledMethod(node);
        if (!method) return;
        const first = node.arguments[0];
        if (CTE_METHODS.has(method)) {
          const cte = staticString(first);
          if (cte) cteNames.add(cte.split('(')[0].trim());
        } else if (TABLE_METHODS.has(method) && first) {
          const items = first.type === 'ArrayExpression' ? first.elements : [first];
          for (const item of items) {
            const text = staticString(item);
            if (text) named.push({ node: item, table: tableName(text) });
          }
        }
      },
      'Program:exit'(program) {
        if (owned.malformed) {
          context.report({ node: program, messageId: 'malformed', data: { file: `${module}.tables.ts` } });
          return;
        }
        for (const { node, table } of named) {
          if (owned.tables.has(table) || cteNames.has(table)) continue;
          const owner = allDeclarations().find((other) => other.owned.tables.has(table));
          context.report({
            node,
            messageId: 'foreignTable',
            data: { module, table, owner: owner ? ` (module \`${owner.module}\` does)` : '' },
          });
        }
      },
    };
  },
};

export default { rules: { 'import-zones': importZones, 'table-ownership': tableOwnership } };
