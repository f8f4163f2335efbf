import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates } from './database-templates.ts';
import { testDatabaseTargets } from './databases.ts';

/**
 * Says which databases the API tests run on, fails early when PostgreSQL was asked for but is down,
 * and migrates the run's database templates (decision 053), dropped again when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const targets = testDatabaseTargets();
  const postgres = targets.find((target) => target.name === 'postgres');
  if (postgres?.adminUrl) {
    const client = new pg.Client({ connectionString: postgres.adminUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`, {
        cause: error,
      });
    } finally {
      await client.end().catch(() => {});
    }
  }
  const { templates, drop } = await makeDatabaseTemplates(postgres?.adminUrl);
  project.provide('databaseTemplates', templates);
  const names = targets.map((target) => target.name).join(' + ');
  const note = postgres ? '' : ' (set TEST_DATABASE_URL to add PostgreSQL)';
  console.info(`\n[api tests] databases: ${names}${note}\n`);
  return drop;
}
