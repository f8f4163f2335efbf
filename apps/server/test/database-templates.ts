import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';

/**
 * The migrated schema made once per run (decision 053): a SQLite file to copy and a PostgreSQL
 * template database to create from. A fresh database per test file is then a copy (tens of
 * milliseconds) instead of 22 migrations (about two seconds on PostgreSQL on a loaded machine).
 */
export interface DatabaseTemplates {
  /** A migrated SQLite file, copied for each fresh database. */
  sqliteFile: string;
  /** A migrated PostgreSQL database marked as a template (only when TEST_DATABASE_URL is set). */
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Migrates the templates; `drop` removes them when the run ends. */
export async function makeDatabaseTemplates(
  postgresAdminUrl: string | undefined,
): Promise<{ templates: DatabaseTemplates; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  const sqlite = openDatabase({ kind: 'sqlite', filename: sqliteFile });
  await migrateToLatest(sqlite.db);
  // Closing checkpoints the write-ahead log into the file: the file alone is the whole database.
  await sqlite.close();

  let postgresName: string | undefined;
  if (postgresAdminUrl) {
    // Several runs (and people) share one PostgreSQL server: each run has a template of its own.
    postgresName = `hamkke_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(postgresAdminUrl, `create database ${postgresName}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${postgresName}`;
    const postgres = openDatabase({ kind: 'postgres', connectionString: url.toString() });
    await migrateToLatest(postgres.db);
    await postgres.close();
    // No connections from now on (autovacuum's included), so every copy may start at once.
    await adminQuery(
      postgresAdminUrl,
      `alter database ${postgresName} with is_template true allow_connections false`,
    );
  }

  return {
    templates: { sqliteFile, ...(postgresName ? { postgresName } : {}) },
    drop: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgresAdminUrl && postgresName) {
        await adminQuery(postgresAdminUrl, `alter database ${postgresName} with is_template false`);
        await adminQuery(postgresAdminUrl, `drop database if exists ${postgresName}`);
      }
    },
  };
}

export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}
