import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.e2e-artifacts/**',
      'bench/results/**',
      'eslint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Layering checked by tools (issues 13, 24, 44): import zones on the web, a module's repositories
    // imported by that module alone, nothing shared between the apps but @hamkke/contract, and no
    // import the rule cannot read (`#…`, `import(x)`; see eslint-rules/import-zones.js).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/import-zones': 'error' },
  },
  {
    // Each table has one owner: a module (its <module>.tables.ts) or jobs/. Only the owner's files name
    // it, in the query builder or in SQL text (issue 44); db/ is not checked, tests set up any table.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { layers },
    rules: { 'layers/table-ownership': 'error' },
  },
  {
    // Every CSV the server writes goes through lib/csv.ts, which neutralises every text cell (decision 031).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/csv.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Papa', property: 'unparse', message: 'Write CSV with spreadsheetCsv from lib/csv.ts.' },
      ],
    },
  },
  {
    // SQL lives in repositories and db/: services hold rules, not Kysely query builders.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      // A module's read shapes of its own tables, composed by other modules' repositories (decision 016).
      'apps/server/src/modules/*/*.views.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive)$/]',
          message: 'Kysely queries belong in a *.repository.ts file (or db/); call the repository from here.',
        },
        {
          // The same calls written with a computed name: db['selectFrom'](…), trx[`insertInto`](…).
          selector:
            'CallExpression[callee.computed=true][callee.property.value=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive)$/]',
          message: 'Kysely queries belong in a *.repository.ts file (or db/); call the repository from here.',
        },
        {
          selector:
            'CallExpression[callee.computed=true][callee.property.quasis.length=1][callee.property.quasis.0.value.cooked=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with|withRecursive)$/]',
          message: 'Kysely queries belong in a *.repository.ts file (or db/); call the repository from here.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Raw SQL belongs in a *.repository.ts file (or db/).',
        },
        {
          selector: "CallExpression[callee.object.name='sql']",
          message: 'Raw SQL (sql.raw, sql.ref, sql.lit, …) belongs in a *.repository.ts file (or db/).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // The web app's one way (issue 44 item 4, eslint-rules/one-way.js): the server is called only in
    // shared/api/ (exceptions listed there), callApi is imported only in api/ folders, and a .tsx that
    // renders a <form> uses react-hook-form's useForm.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'one-way': (await import('./eslint-rules/one-way.js')).default },
    rules: {
      'one-way/server-calls-in-shared-api': 'error',
      'one-way/call-api-in-api-folders': 'error',
      'one-way/forms-use-react-hook-form': 'error',
    },
  },
  {
    // API test files share their worker's modules (decision 053): a mocked module would leak into the
    // files after it. A file that must mock one is a `*.mocked.api.test.ts`, run in a worker of its own.
    files: ['apps/server/src/**/*.api.test.ts'],
    ignores: ['apps/server/src/**/*.mocked.api.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message: 'API files share a worker: mock modules only in a *.mocked.api.test.ts file.',
        },
      ],
    },
  },
  {
    // Issue 44: a service does one job. Its factory (`create…Service`, and any function in a service
    // file) stays within 250 lines, blank lines and comments counted: the measure the issue states.
    files: ['apps/server/src/**/*.service.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Issue 44: the injected clock (`deps.clock`, lib/clock.ts) is the one source of time. No
    // `Date.now`, `Date()` or argument-less `new Date()` here; a duration may use `performance.now()`.
    // A rule of its own, not no-restricted-syntax/-properties: a later block's options for those
    // replace the Kysely and CSV blocks' options above on the same files instead of adding to them.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    ignores: ['apps/server/src/lib/clock.ts', 'apps/server/src/**/*.test.ts'],
    plugins: {
      clock: {
        rules: {
          'injected-now': {
            meta: {
              type: 'problem',
              schema: [],
              messages: { now: 'Read the time from the injected clock (deps.clock, lib/clock.ts).' },
            },
            create(context) {
              const isDate = (node) => node.type === 'Identifier' && node.name === 'Date';
              const report = (node) => context.report({ node, messageId: 'now' });
              return {
                NewExpression(node) {
                  if (isDate(node.callee) && node.arguments.length === 0) report(node);
                },
                CallExpression(node) {
                  if (isDate(node.callee)) report(node);
                },
                MemberExpression(node) {
                  const name = node.computed ? node.property.value : node.property.name;
                  if (isDate(node.object) && name === 'now') report(node);
                },
              };
            },
          },
        },
      },
    },
    rules: { 'clock/injected-now': 'error' },
  },
);
