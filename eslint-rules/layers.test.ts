import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Each evasion the reviews of issues 24 and 44 found, planted in `fixtures/<case>/` at the repository path it
 * pretends to be (`fixtures/<case>/apps/web/src/…` is linted as `apps/web/src/…`), and linted with the
 * repository's own ESLint configuration from several working directories. The files are linted as
 * text, so nothing is written into the app's folders, except the fixture module's `.tables.ts`: the
 * table rule reads declarations from disk, so it is written under a module name of its own for the
 * run and removed after.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(ROOT, 'eslint-rules', 'fixtures');
const FIXTURE_MODULE = 'lint-fixture';
const runModule = `lint-fixture-run-${process.pid}`;
const WORKING_DIRECTORIES = ['.', 'apps/web', 'apps/server'];

interface Expected {
  ruleId: string;
  messageId?: string;
  /** How many reports in this file. */
  count: number;
}

/** Where a fixture file stands in the repository for this run. */
function repositoryPath(caseName: string, file: string): string {
  const relative = path.relative(path.join(FIXTURES, caseName), file);
  return path
    .join(ROOT, relative.replaceAll(FIXTURE_MODULE + '/', `${runModule}/`))
    .replace(`${FIXTURE_MODULE}.tables.ts`, `${runModule}.tables.ts`);
}

function filesOf(caseName: string): string[] {
  return fs
    .readdirSync(path.join(FIXTURES, caseName), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(FIXTURES, caseName, file))
    .filter((file) => fs.statSync(file).isFile());
}

async function lintCase(caseName: string, cwd: string) {
  const previous = process.cwd();
  process.chdir(path.join(ROOT, cwd));
  try {
    const eslint = new ESLint({ cwd: path.join(ROOT, cwd) });
    const results = new Map<string, ESLint.LintResult['messages']>();
    for (const file of filesOf(caseName)) {
      const [result] = await eslint.lintText(fs.readFileSync(file, 'utf8'), {
        filePath: repositoryPath(caseName, file),
        warnIgnored: true,
      });
      results.set(path.relative(path.join(FIXTURES, caseName), file), result!.messages);
    }
    return results;
  } finally {
    process.chdir(previous);
  }
}

const moduleDir = path.join(ROOT, 'apps', 'server', 'src', 'modules', runModule);

beforeAll(() => {
  // The fixture module's declaration, on disk where the rule reads it.
  fs.mkdirSync(moduleDir);
  const declaration = path.join(
    FIXTURES,
    'clean',
    'apps/server/src/modules',
    FIXTURE_MODULE,
    `${FIXTURE_MODULE}.tables.ts`,
  );
  fs.copyFileSync(declaration, path.join(moduleDir, `${runModule}.tables.ts`));
});

afterAll(() => {
  fs.rmSync(moduleDir, { recursive: true, force: true });
});

const zones = (messageId: string, count = 1): Expected => ({
  ruleId: 'layers/import-zones',
  messageId,
  count,
});

const tables = (messageId: string, count = 1): Expected => ({
  ruleId: 'layers/table-ownership',
  messageId,
  count,
});

/** The fixture module's repository, where most table evasions are planted. */
const REPOSITORY = `apps/server/src/modules/${FIXTURE_MODULE}/${FIXTURE_MODULE}.repository.ts`;

const evasions: Record<string, Record<string, Expected>> = {
  '01-export-star-repository': {
    'apps/server/src/modules/missions/evasion.ts': zones('foreignRepository'),
  },
  '02-extensionless-repository': {
    'apps/server/src/modules/missions/evasion.service.ts': zones('foreignRepository', 2),
  },
  '03-outside-modules-repository': {
    'apps/server/src/plugins/evasion.ts': zones('foreignRepository'),
    'apps/server/src/db/evasion.ts': zones('foreignRepository'),
    'apps/server/src/jobs/evasion.ts': zones('foreignRepository'),
  },
  '04-computed-kysely-call': {
    'apps/server/src/modules/missions/evasion.service.ts': { ruleId: 'no-restricted-syntax', count: 2 },
  },
  '05-foreign-table': {
    [`apps/server/src/modules/${FIXTURE_MODULE}/${FIXTURE_MODULE}.repository.ts`]: {
      ruleId: 'layers/table-ownership',
      messageId: 'foreignTable',
      count: 3,
    },
    [`apps/server/src/modules/${FIXTURE_MODULE}/${FIXTURE_MODULE}.tables.ts`]: {
      ruleId: 'layers/table-ownership',
      count: 0,
    },
  },
  '06-imports-prerender': {
    'apps/web/src/features/home/evasion.ts': zones('toPrerender'),
    'apps/web/src/shared/evasion.ts': zones('toPrerender'),
  },
  '07-web-export-star': {
    'apps/web/src/features/home/evasion.ts': zones('featureToFeature'),
    'apps/web/src/shared/evasion.ts': zones('sharedUp'),
  },
  '08-working-directory': {
    'apps/web/src/features/home/evasion.ts': zones('featureToFeature'),
  },
  // Issue 44: the evasions of the second review, each of which the rules before it let through.
  '10-sql-insert': { [REPOSITORY]: tables('foreignTableInSql') },
  '11-sql-update': { [REPOSITORY]: tables('foreignTableInSql') },
  '12-sql-delete': { [REPOSITORY]: tables('foreignTableInSql') },
  '13-sql-from': { [REPOSITORY]: tables('foreignTableInSql') },
  '14-sql-join': { [REPOSITORY]: tables('foreignTableInSql') },
  '15-sql-cte': { [REPOSITORY]: tables('foreignCte') },
  '16-sql-table': { [REPOSITORY]: tables('foreignTableInSql') },
  '17-sql-id': { [REPOSITORY]: tables('foreignTableInSql') },
  '18-sql-ref': { [REPOSITORY]: tables('foreignTableInSql') },
  '19-execute-query': { [REPOSITORY]: tables('rawExecution') },
  '20-compiled-query-raw': {
    [`apps/server/src/modules/${FIXTURE_MODULE}/${FIXTURE_MODULE}.service.ts`]: tables('rawExecution', 2),
  },
  '21-table-variable': { [REPOSITORY]: tables('dynamicTable', 2) },
  '22-undeclared-module': {
    'apps/server/src/modules/lint-fixture-untracked/untracked.repository.ts': tables('undeclaredModule'),
  },
  '23-repository-outside-modules': {
    'apps/server/src/lib/team-extras.repository.ts': tables('misplacedRepository'),
  },
  '24-create-require': { 'apps/server/src/modules/missions/evasion.service.ts': zones('foreignRepository') },
  '25-dynamic-import-variable': {
    'apps/server/src/modules/missions/evasion.service.ts': zones('dynamicSource', 2),
  },
  '26-subpath-alias': { 'apps/server/src/plugins/evasion.ts': zones('subpathImport') },
  '27-web-root-barrel': {
    'apps/web/src/index.ts': zones('rootBarrel'),
    'apps/web/src/features/home/evasion.ts': zones('toWebRoot'),
  },
  '28-web-imports-server': { 'apps/web/src/features/home/evasion.ts': zones('crossApp', 2) },
  '29-server-imports-web': { 'apps/server/src/plugins/evasion.ts': zones('crossApp') },
  '30-aliased-sql-tag': {
    'apps/server/src/modules/missions/evasion.service.ts': tables('foreignTableInSql'),
  },
};

/**
 * A hang guard, not a speed check: each case starts ESLint with the repository's config, and the
 * first one in a process loads it (13 s for the file beside the whole suite, where the first case
 * took longer than Vitest's 5 s default in one full run of this stop).
 */
const LINT_CASE_LIMIT_MS = 60_000;

describe.each(WORKING_DIRECTORIES)('ESLint started in %s', (cwd) => {
  it.each(Object.keys(evasions))(
    'reports the evasion %s',
    async (caseName) => {
      const results = await lintCase(caseName, cwd);
      for (const [file, expected] of Object.entries(evasions[caseName]!)) {
        const messages = results.get(file);
        expect(messages, file).toBeDefined();
        expect(
          messages!.filter((message) => message.fatal),
          file,
        ).toEqual([]);
        const reported = messages!.filter(
          (message) =>
            message.ruleId === expected.ruleId &&
            (expected.messageId === undefined || message.messageId === expected.messageId),
        );
        expect(
          reported.map((message) => `${message.line}: ${message.message}`),
          file,
        ).toHaveLength(expected.count);
      }
    },
    LINT_CASE_LIMIT_MS,
  );

  it(
    'passes the clean fixture: allowed imports, own tables in the builder and in SQL text, jobs/ tables',
    async () => {
      const results = await lintCase('clean', cwd);
      expect(results.size).toBeGreaterThan(5);
      for (const [file, messages] of results) {
        expect(
          messages.map((message) => `${message.ruleId} ${message.line}: ${message.message}`),
          file,
        ).toEqual([]);
      }
    },
    LINT_CASE_LIMIT_MS,
  );
});

describe('import cycles (dpdm with dpdm.config.ts, as npm run lint runs it)', () => {
  const dpdm = (glob: string) =>
    spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'dpdm', 'lib', 'bin', 'dpdm.js'), glob], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });

  // Each case starts dpdm in a process of its own, which took over Vitest's 5 s default beside the
  // whole suite on a loaded machine (load average 12): the same hang guard as the lint cases.
  it(
    'reports a cycle through a type-only import and one through a lazy import()',
    () => {
      const run = dpdm('eslint-rules/fixtures/09-import-cycle/**/*.ts');
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/type-a\.ts -> .*type-b\.ts|type-b\.ts -> .*type-a\.ts/);
      expect(run.stdout).toMatch(/lazy-c\.ts -> .*lazy-d\.ts|lazy-d\.ts -> .*lazy-c\.ts/);
    },
    LINT_CASE_LIMIT_MS,
  );

  it(
    'passes files without a cycle',
    () => {
      const run = dpdm('eslint-rules/fixtures/clean/**/*.ts');
      expect(run.stdout).toContain('no circular dependency');
      expect(run.status).toBe(0);
    },
    LINT_CASE_LIMIT_MS,
  );
});
