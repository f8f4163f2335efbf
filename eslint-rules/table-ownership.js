import path from 'node:path';
import {
  SERVER_SRC,
  calledMethod,
  isRepository,
  isViews,
  partsBelow,
  staticString,
  unwrapTypes,
} from './paths.js';
import { PLACEHOLDER, looksLikeStatement, tablesInSql } from './sql-text.js';
import {
  JOBS_TABLES,
  allDeclarations,
  knownTables,
  ownedTablesOf,
  ownerLabel,
} from './table-declarations.js';

/**
 * `layers/table-ownership`: every table has one owning module, and only that module's files name it
 * (conventions 13, issues 24 and 44). Each module declares the tables it owns beside its repositories,
 * in `modules/<module>/<module>.tables.ts`, exactly as `export const ownedTables = ['a', 'b'] as const;`
 * (comments aside; read by table-declarations.js). `jobs/` owns `job_leases` and `job_runs` (it is
 * no module; table-owners.ts lists it the same way); `db/` (connection, migrations, seed) is not
 * checked; every other folder of the server owns no table. Another module's tables are read through
 * its `*.views.ts` functions.
 *
 * A file of apps/server/src (tests aside, see eslint.config.js) may name only its owner's tables:
 * - in the query builder, as the first argument of selectFrom, insertInto, updateTable, deleteFrom,
 *   replaceInto, mergeInto and of the joins (`'t'`, `'t as x'`, arrays, a `const` holding one): a
 *   table named by anything else (a parameter, a member, a call other than `.as(…)`) is refused,
 *   and so are `sql.table(x)`, `sql.id(x)`, `sql.raw(x)` and `db.dynamic.table(x)` of anything but a
 *   string literal;
 * - in SQL text: `sql` templates (any tag, `sql` imported under any name), `sql.raw('…')`, and any
 *   string that reads as a statement, read by sql-text.js, with the text of `sql.raw('…')` and of
 *   nested templates put in place of their `${…}`;
 * - in `sql.table('t')`, `sql.id('t')`, `sql.ref('t.column')`.
 * A common table expression (`with`, in the builder or in text) may not be named like a table of the
 * schema that its file's owner does not own. `executeQuery` and `CompiledQuery.*` are refused outright
 * (SQL text handed to the driver, which the rule would have to trust): db/prepared-query.ts is the
 * one place that runs compiled text. A module folder whose files query without a `<module>.tables.ts`
 * is reported, and so is a `*.repository.ts` or `*.views.ts` outside `modules/<module>/` (or a
 * `*.repository.ts` outside `jobs/`).
 * Raw SQL text is checked against the schema's table names (db/schema.ts, the declarations, jobs/'s),
 * so a word after `from` that is no table (a column in `extract(… from x)`) is not reported; builder
 * names must be the owner's tables or its common table expressions.
 * Not checked: `sql.ref(x)` of a variable (references name columns, and repositories pass column
 * names to helpers); SQL text built by concatenating strings at run time.
 */

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
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
]);
const CTE_METHODS = new Set(['with', 'withRecursive', 'withMaterialized', 'withNotMaterialized']);
/** Calls that make a file a database client (for a module without a declaration). */
const QUERY_METHODS = new Set([...TABLE_METHODS, ...CTE_METHODS, 'selectNoFrom', 'executeQuery']);

/** `'teams as t'` → `teams`; `'public.teams'` → `teams`. */
function tableName(text) {
  const table = text
    .trim()
    .split(/\s+as\s+/i)[0]
    .trim();
  return table.split('.').at(-1).replace(/"/g, '');
}

/** Whose tables a file of apps/server/src may name; null for db/, which is not checked. */
function ownerOf(parts) {
  if (parts[0] === 'modules' && parts.length > 2) {
    return { module: parts[1], label: `Module \`${parts[1]}\`` };
  }
  if (parts[0] === 'jobs') return { owned: { tables: JOBS_TABLES }, label: '`jobs/`' };
  if (parts[0] === 'db') return null;
  const area = parts.length > 1 ? `${parts[0]}/` : parts[0];
  return { owned: { tables: new Set() }, label: `\`${area}\` (no module)` };
}

export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: "A file names only the tables its module's `.tables.ts` declares" },
    messages: {
      foreignTable:
        "{{who}} does not own table `{{table}}`{{owner}}; call the owning module's service or compose its views (or list the table in the module's .tables.ts if it belongs here).",
      foreignTableInSql:
        "{{who}} does not own table `{{table}}`{{owner}}, named in SQL text (`{{keyword}} {{table}}`); read it through the owning module's views.",
      foreignCte:
        '{{who}} names a common table expression `{{table}}`, like a table it does not own{{owner}}; name it after what it holds.',
      dynamicTable:
        '{{who}}: a table named by {{what}} cannot be checked; name it with a string literal of its own tables.',
      rawExecution:
        '`{{what}}` runs SQL text the lint cannot check; write the query with Kysely (or `sql`) in a repository.',
      undeclaredModule:
        'Module `{{module}}` queries the database but has no {{module}}.tables.ts; declare the tables it owns there.',
      misplacedRepository:
        '`{{file}}` must live in a module folder (apps/server/src/modules/<module>/){{jobs}}; SQL is allowed only there.',
      malformed:
        "{{file}} must contain exactly `export const ownedTables = ['table_a', 'table_b'] as const;`.",
      claimedTwice: 'Table `{{table}}` is also claimed by module `{{other}}`; a table has one owner.',
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.cwd, context.filename);
    const parts = partsBelow(SERVER_SRC, file);
    if (!parts) return {};
    const name = parts.at(-1);
    const inModule = parts[0] === 'modules' && parts.length > 2;

    if (inModule && parts.length === 3 && name === `${parts[1]}.tables.ts`)
      return declarationChecks(context, parts[1]);

    const misplaced =
      (isRepository(name) && !inModule && parts[0] !== 'jobs') || (isViews(name) && !inModule);
    const owner = ownerOf(parts);
    if (!owner) {
      return misplaced ? { Program: (program) => reportMisplaced(context, program, name) } : {};
    }
    const owned = owner.owned ?? ownedTablesOf(owner.module);
    const checks = fileChecks(context, owner, owned);
    if (misplaced) {
      const program = checks.Program;
      checks.Program = (node) => {
        reportMisplaced(context, node, name);
        program?.(node);
      };
    }
    return checks;
  },
};

function reportMisplaced(context, program, name) {
  const jobs = isRepository(name) ? ' (or be jobs/jobs.repository.ts)' : '';
  context.report({ node: program, messageId: 'misplacedRepository', data: { file: name, jobs } });
}

/** `<module>.tables.ts`: well formed, and no table claimed by another module too. */
function declarationChecks(context, module) {
  return {
    'Program:exit'(program) {
      const owned = ownedTablesOf(module);
      if (!owned) return;
      if (owned.malformed) {
        context.report({ node: program, messageId: 'malformed', data: { file: `${module}.tables.ts` } });
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

function fileChecks(context, owner, owned) {
  const sourceCode = context.sourceCode;
  const who = owner.label;
  /** Local names of kysely's `sql` and `CompiledQuery`, and of `import * as k from 'kysely'`. */
  const sqlNames = new Set(['sql']);
  const compiledNames = new Set(['CompiledQuery']);
  const namespaces = new Set();
  const isKyselyExport = (node, names, exported) => {
    const n = unwrapTypes(node);
    if (n?.type === 'Identifier') return names.has(n.name);
    return (
      n?.type === 'MemberExpression' &&
      n.object.type === 'Identifier' &&
      namespaces.has(n.object.name) &&
      !n.computed &&
      n.property.name === exported
    );
  };
  const isSql = (node) => isKyselyExport(node, sqlNames, 'sql');
  /** `sql.raw(…)` → `raw`, for `sql` under any of its names. */
  const sqlHelper = (call) =>
    call.type === 'CallExpression' && call.callee.type === 'MemberExpression' && isSql(call.callee.object)
      ? calledMethod(call)
      : undefined;
  const isDynamicTable = (call) =>
    call.type === 'CallExpression' &&
    calledMethod(call) === 'table' &&
    call.callee.object.type === 'MemberExpression' &&
    !call.callee.object.computed &&
    call.callee.object.property.name === 'dynamic';

  /** A template's text, with the literals of `sql.raw` (and nested templates) in their places. */
  const templateText = (quasi) =>
    quasi.quasis
      .map((element, index) => {
        const expression = unwrapTypes(quasi.expressions[index]);
        return (
          (element.value.cooked ?? element.value.raw) + (expression ? ` ${inlineText(expression)} ` : '')
        );
      })
      .join('');
  const inlineText = (expression) => {
    if (expression.type === 'TaggedTemplateExpression') return templateText(expression.quasi);
    const helper = expression.type === 'CallExpression' ? sqlHelper(expression) : undefined;
    const literal = helper && staticString(expression.arguments[0]);
    if (literal === undefined) return PLACEHOLDER;
    // `sql.table`, `sql.id` and `sql.ref` are checked where they are called, wherever they stand.
    return helper === 'raw' ? literal : PLACEHOLDER;
  };

  const named = [];
  const rawNamed = [];
  const cteNames = new Set();
  const dynamic = [];
  const cteCandidates = [];
  const reportDynamic = (node, what) => dynamic.push({ node, what });

  /** What the first argument of a builder call names: tables (`{ node, text }`) or refused expressions. */
  const tableArguments = (argument, depth = 0) => {
    const node = unwrapTypes(argument);
    if (!node || depth > 5) return [];
    const text = staticString(node);
    if (text !== undefined) return [{ node, text }];
    switch (node.type) {
      case 'ArrayExpression':
        return node.elements.flatMap((element) => tableArguments(element, depth + 1));
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return [];
      case 'ConditionalExpression':
        return [...tableArguments(node.consequent, depth + 1), ...tableArguments(node.alternate, depth + 1)];
      case 'Identifier': {
        const init = constInit(node);
        if (init) return tableArguments(init, depth + 1);
        break;
      }
      case 'CallExpression': {
        if (calledMethod(node) !== 'as') break;
        // `sql`teams`.as('t')`, `sql.raw('teams').as('t')`: a table named by raw text.
        const object = unwrapTypes(node.callee.object);
        const raw =
          object.type === 'TaggedTemplateExpression'
            ? templateText(object.quasi)
            : object.type === 'CallExpression' && sqlHelper(object) === 'raw'
              ? staticString(object.arguments[0])
              : undefined;
        if (raw !== undefined && /^\s*[\w."]+\s*$/.test(raw)) return [{ node: object, text: raw }];
        return [];
      }
    }
    return [{ node, dynamic: true }];
  };

  /** The initializer of the `const` an identifier names, if it is one declared once. */
  const constInit = (identifier) => {
    for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
      const variable = scope.set.get(identifier.name);
      if (!variable) continue;
      const [definition, ...more] = variable.defs;
      if (more.length || definition?.type !== 'Variable' || definition.parent.kind !== 'const') return null;
      return definition.node.init;
    }
    return null;
  };

  const readText = (node, text) => {
    const { tables, ctes } = tablesInSql(text);
    for (const table of tables) rawNamed.push({ node, ...table });
    for (const cte of ctes) cteCandidates.push({ node, table: cte });
  };

  let undeclaredReported = false;
  const undeclared = owned === null;
  const noteQuery = (node) => {
    if (!undeclared || undeclaredReported) return;
    undeclaredReported = true;
    context.report({ node, messageId: 'undeclaredModule', data: { module: owner.module } });
  };
  /** A template or string directly inside a template is read with its parent's text. */
  const inlined = (node) =>
    node.parent?.type === 'TemplateLiteral' && node.parent.parent?.type === 'TaggedTemplateExpression';
  /** A string handed to `sql.raw(…)` and the like is read by that call's check. */
  const helperArgument = (node) =>
    node.parent?.type === 'CallExpression' && sqlHelper(node.parent) !== undefined;

  return {
    ImportDeclaration(node) {
      if (node.source.value !== 'kysely' || node.importKind === 'type') return;
      for (const specifier of node.specifiers) {
        if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
        else if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type') {
          if (specifier.imported.name === 'sql') sqlNames.add(specifier.local.name);
          if (specifier.imported.name === 'CompiledQuery') compiledNames.add(specifier.local.name);
        }
      }
    },
    VariableDeclarator(node) {
      if (node.id.type === 'Identifier' && node.init && isSql(node.init)) sqlNames.add(node.id.name);
      if (
        node.id.type === 'Identifier' &&
        node.init &&
        isKyselyExport(node.init, compiledNames, 'CompiledQuery')
      ) {
        compiledNames.add(node.id.name);
      }
    },
    TaggedTemplateExpression(node) {
      if (isSql(node.tag)) noteQuery(node);
      if (!inlined(node)) readText(node, templateText(node.quasi));
    },
    Literal(node) {
      if (typeof node.value === 'string' && looksLikeStatement(node.value) && !helperArgument(node)) {
        readText(node, node.value);
      }
    },
    TemplateLiteral(node) {
      if (node.parent.type === 'TaggedTemplateExpression' || node.expressions.length > 0) return;
      if (helperArgument(node)) return;
      const text = node.quasis[0].value.cooked ?? '';
      if (looksLikeStatement(text)) readText(node, text);
    },
    CallExpression(node) {
      const method = calledMethod(node);
      const first = node.arguments[0];
      if (method === 'executeQuery') {
        context.report({ node, messageId: 'rawExecution', data: { what: 'executeQuery' } });
        return;
      }
      if (
        node.callee.type === 'MemberExpression' &&
        isKyselyExport(node.callee.object, compiledNames, 'CompiledQuery')
      ) {
        context.report({ node, messageId: 'rawExecution', data: { what: `CompiledQuery.${method ?? '…'}` } });
        return;
      }
      const helper = sqlHelper(node);
      if (helper) noteQuery(node);
      else if (method && QUERY_METHODS.has(method)) noteQuery(node);
      if (helper === 'raw') {
        const text = staticString(first);
        if (text === undefined) reportDynamic(node, '`sql.raw(…)` of an expression');
        else if (!inlined(node)) readText(node, text);
      } else if (helper === 'table' || isDynamicTable(node)) {
        const what = helper ? 'sql.table' : 'dynamic.table';
        const text = staticString(first);
        if (text === undefined) reportDynamic(node, `\`${what}(…)\` of an expression`);
        else rawNamed.push({ node: first, table: tableName(text), keyword: `${what}(…)` });
      } else if (helper === 'id') {
        for (const argument of node.arguments) {
          const text = staticString(argument);
          if (text === undefined) reportDynamic(argument, '`sql.id(…)` of an expression');
          else rawNamed.push({ node: argument, table: text, keyword: 'sql.id(…)' });
        }
      } else if (helper === 'ref') {
        // `'teams.id'`, `'public.teams.id'`: every part before the column.
        const text = staticString(first);
        for (const part of text?.split('.').slice(0, -1) ?? []) {
          rawNamed.push({ node: first, table: part, keyword: 'sql.ref(…)' });
        }
      } else if (method && CTE_METHODS.has(method)) {
        const cte = staticString(first);
        if (cte) cteCandidates.push({ node: first, table: cte.split('(')[0].trim() });
      } else if (method && TABLE_METHODS.has(method) && first) {
        for (const item of tableArguments(first)) {
          if (item.dynamic) reportDynamic(item.node, `\`${sourceCode.getText(item.node).slice(0, 40)}\``);
          else named.push({ node: item.node, table: tableName(item.text) });
        }
      }
    },
    'Program:exit'(program) {
      if (undeclared) return;
      if (owned.malformed) {
        context.report({
          node: program,
          messageId: 'malformed',
          data: { file: `${owner.module}.tables.ts` },
        });
        return;
      }
      const known = knownTables();
      const foreign = (table) => !owned.tables.has(table) && known.has(table);
      for (const { node, table } of cteCandidates) {
        if (foreign(table)) {
          context.report({ node, messageId: 'foreignCte', data: { who, table, owner: ownerLabel(table) } });
        } else {
          cteNames.add(table);
        }
      }
      for (const { node, what } of dynamic) {
        context.report({ node, messageId: 'dynamicTable', data: { who, what } });
      }
      // A `const` named in several calls is reported once, where its text is.
      const reported = new Set();
      const first = (node, table) => {
        const key = `${node.range[0]}:${table}`;
        if (reported.has(key)) return false;
        reported.add(key);
        return true;
      };
      for (const { node, table } of named) {
        if (owned.tables.has(table) || cteNames.has(table) || !first(node, table)) continue;
        context.report({ node, messageId: 'foreignTable', data: { who, table, owner: ownerLabel(table) } });
      }
      for (const { node, table, keyword } of rawNamed) {
        if (!foreign(table) || cteNames.has(table) || !first(node, table)) continue;
        context.report({
          node,
          messageId: 'foreignTableInSql',
          data: { who, table, keyword, owner: ownerLabel(table) },
        });
      }
    },
  };
}
