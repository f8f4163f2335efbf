/** The databases API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestDatabaseTarget {
  name: 'sqlite' | 'postgres';
  /** Server URL used to create a fresh database per test file (PostgreSQL only). */
  adminUrl?: string;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'sqlite' }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'postgres', adminUrl: url });
  return targets;
}
