import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createFreshDatabase } from '../../test/harness.ts';
import { migrateToLatest, migrations } from './migrator.ts';
import { isDatabaseEmpty, reseedDemoData, seedDemoData } from './seed.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createLocalDiskStorage } from '../lib/storage.ts';

/** A photo folder for the demo data's photos, removed after the file. */
const uploads = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-seed-photos-'));
  return { dir, storage: createLocalDiskStorage(dir) };
})();
afterAll(() => fs.rmSync(uploads.dir, { recursive: true, force: true }));

describe.each(testDatabaseTargets())('migrations and demo data on $name', (target) => {
  it('migrates down to nothing and up again', async () => {
    const database = await createFreshDatabase(target);
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      for (const _ of Object.keys(migrations)) {
        const down = await migrator.migrateDown();
        expect(down.error).toBeUndefined();
      }
      const tables = await database.db.introspection.getTables();
      expect(tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'))).toEqual([]);
      expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('seeds a living demo and reseeds to the same shape', async () => {
    const database = await createFreshDatabase(target);
    try {
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      const now = new Date('2026-11-20T03:00:00.000Z');
      await seedDemoData(database.db, now, uploads.storage);
      expect(await isDatabaseEmpty(database.db)).toBe(false);
      const count = async (table: 'users' | 'mission_certifications' | 'notices' | 'missions') =>
        Number(
          (
            await database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = {
        users: await count('users'),
        certifications: await count('mission_certifications'),
        notices: await count('notices'),
        missions: await count('missions'),
      };
      expect(before.users).toBeGreaterThan(20);
      expect(before.certifications).toBeGreaterThan(100);
      // Three rounds of the challenge with three missions each, and three always missions.
      expect(before.missions).toBe(12);
      // Demo teams: every counter matches its members, and one recruiting team has one free seat.
      const teams = await database.db
        .selectFrom('teams as t')
        .innerJoin('sub_challenges as s', 's.id', 't.sub_challenge_id')
        .select((eb) => [
          't.name',
          't.member_count',
          't.reserved_seats',
          's.max_user',
          eb
            .selectFrom('team_members as m')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('m.team_id', '=', 't.id')
            .as('members'),
        ])
        .execute();
      expect(teams.length).toBe(8);
      for (const team of teams) expect(Number(team.members)).toBe(team.member_count);
      const recruiting = teams.find((team) => team.name === '3기 새 출발')!;
      expect(recruiting.max_user - recruiting.member_count - recruiting.reserved_seats).toBe(1);
      expect(recruiting.reserved_seats).toBe(1);
      const today = await database.db
        .selectFrom('mission_certifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('certified_on', '=', '2026-11-20')
        .executeTakeFirstOrThrow();
      expect(Number(today.n)).toBeGreaterThan(0);

      await reseedDemoData(database.db, now, uploads.storage);
      expect({
        users: await count('users'),
        certifications: await count('mission_certifications'),
        notices: await count('notices'),
        missions: await count('missions'),
      }).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('seeds membership numbers out of sequence, each with a second factor', async () => {
    const database = await createFreshDatabase(target);
    try {
      await seedDemoData(database.db, new Date('2026-11-20T03:00:00.000Z'), uploads.storage);
      const entries = await database.db.selectFrom('membership_registry').selectAll().execute();
      expect(entries.length).toBeGreaterThanOrEqual(3);
      const numbers = entries
        .map((entry) => Number(entry.member_no.replace(/\D/g, '')))
        .sort((a, b) => a - b);
      // No number lies near another: knowing one's own says nothing about the next.
      for (let index = 1; index < numbers.length; index += 1) {
        expect(numbers[index]! - numbers[index - 1]!).toBeGreaterThan(1000);
      }
      expect(entries.every((entry) => entry.phone && entry.birth_date)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
