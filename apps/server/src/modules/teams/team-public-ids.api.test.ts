import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { migrateToLatest, migrations } from '../../db/migrator.ts';
import { createLocalDiskStorage } from '../../lib/storage.ts';
import { seedDemoData } from '../../db/seed.ts';
import {
  callEndpoint,
  createFreshDatabase,
  sessionHeadersFor,
  useTestContext,
} from '../../../test/harness.ts';
import { INVITE_PREVIEWS_PER_MINUTE } from './teams.module.ts';

/**
 * Decision 022: a team is named from outside only by its unguessable public id. Counting the
 * numeric keys finds nothing, no front answer carries one, and what a non-member reads of a team
 * is exactly the invite preview, rate-limited.
 */
describe.each(testDatabaseTargets())('team public ids on $name', (target) => {
  const t = useTestContext(target);
  let key: number;
  let publicId: string;
  let subChallengeId: string;
  let manager: Record<string, string>;
  let stranger: Record<string, string>;
  let kidId: number;
  beforeAll(async () => {
    const round = await createRound(t.db);
    subChallengeId = String(round.subChallengeId);
    const owner = await createUser(t.db);
    kidId = await createChild(t.db, owner, `pub${owner}`, 'kid-pass-1234');
    key = await createTeam(t.db, {
      subChallengeId: round.subChallengeId,
      managerId: owner,
      members: [{ userId: kidId, familyId: owner }],
      name: '하늘네 도전단',
    });
    publicId = await teamPublicId(t.db, key);
    manager = await sessionHeadersFor(t.app, owner);
    stranger = await sessionHeadersFor(t.app, await createUser(t.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (path: string, body: object, headers: Record<string, string> = {}) =>
    callEndpoint(t.app, path, body, headers);

  it('gives every team 22 unguessable base64url characters, unique', async () => {
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const rows = await t.db.selectFrom('teams').select('public_id').execute();
    expect(new Set(rows.map((row) => row.public_id)).size).toBe(rows.length);
  });

  it('finds nothing by the numeric key, even for the team’s own manager', async () => {
    for (const path of ['team/team-detail-with-mission', 'team/challenge-team-management', 'team/members']) {
      const res = await call(path, { teamId: String(key) }, manager);
      expect([res.statusCode, res.json().error?.code], path).toEqual([404, 'NOT_FOUND']);
    }
    const join = await call(
      'team/create-team-member',
      { teamId: String(key), subChallengeId, challengeType: 'challenge', agreed: true },
      stranger,
    );
    expect(join.statusCode).toBe(404);
    expect((await call('team/invite-preview', { teamId: String(key) })).statusCode).toBe(404);
    expect(
      (await call('team/invite-team-info', { teamId: String(key), subChallengeId }, stranger)).statusCode,
    ).toBe(404);
    // The public id works.
    expect((await call('team/team-detail-with-mission', { teamId: publicId }, manager)).statusCode).toBe(200);
  });

  it('never answers the numeric team key', async () => {
    const answers = [
      await call('team/my-teams', {}, manager),
      await call('team/team-detail-with-mission', { teamId: publicId }, manager),
      await call('team/team-member-challenge', { teamId: publicId }, manager),
      await call('team/team-rank-challenge', { teamId: publicId }, manager),
      await call('team/challenge-team-management', { teamId: publicId }, manager),
      await call('team/joined-teams', {}, manager),
      await call('team/check-is-team', { userId: String(kidId) }, manager),
      await call('team/favorites-team', { teamId: publicId, favorite: true }, manager),
      await call('team/members', { teamId: publicId }, manager),
      await call('challenge/participating-challenge', {}, manager),
      await call('team/challenge-type', {}, manager),
      await call('team/invite-team-info', { teamId: publicId, subChallengeId }, stranger),
      await call('team/invite-preview', { teamId: publicId }),
    ];
    let seen = 0;
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      for (const [, value] of res.body.matchAll(/"(?:teamId|alwaysTeamId|challengeTeamId)":"([^"]*)"/g)) {
        expect(value).toBe(publicId);
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThanOrEqual(answers.length);
  });

  it('shows a non-member exactly the invite preview, signed in or not; members and children stay hidden', async () => {
    const loggedOut = await call('team/invite-preview', { teamId: publicId });
    expect(loggedOut.statusCode).toBe(200);
    const preview = loggedOut.json().response;
    expect(Object.keys(preview).sort()).toEqual(
      [
        'teamId',
        'name',
        'emoji',
        'challengeType',
        'challengeTitle',
        'round',
        'roundTitle',
        'startDate',
        'endDate',
        'managerAlias',
        'seatsLeft',
      ].sort(),
    );
    expect(preview).toMatchObject({ teamId: publicId, name: '하늘네 도전단', challengeType: 'challenge' });
    expect(preview.seatsLeft).toBe(8);
    expect(loggedOut.body).not.toMatch(/familyId|userId|teamMbrId|CHILD|members/);
    // The member list and the team's pages are the members'.
    for (const path of ['team/team-info-by-teamId', 'team/team-member-challenge', 'team/members']) {
      const res = await call(path, { teamId: publicId, subChallengeId }, stranger);
      expect([res.statusCode, res.json().error?.code], path).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('limits the previews one address reads (429)', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/api/front/team/invite-preview',
        payload: { teamId: publicId },
        remoteAddress,
      });
    const answers = [];
    for (let i = 0; i <= INVITE_PREVIEWS_PER_MINUTE; i += 1)
      answers.push((await from('203.0.113.7')).statusCode);
    expect(
      answers.slice(0, INVITE_PREVIEWS_PER_MINUTE).every((status) => status === 200 || status === 404),
    ).toBe(true);
    const last = await from('203.0.113.7');
    expect([last.statusCode, last.json().error?.code]).toEqual([429, 'RATE_LIMITED']);
    // Another address is not held back.
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});

describe.each(testDatabaseTargets())('the team public id migration on $name', (target) => {
  it('gives every existing team its own public id', async () => {
    const database = await createFreshDatabase(target);
    try {
      const photos = createLocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'public-ids-')));
      await seedDemoData(database.db, new Date('2026-11-20T03:00:00.000Z'), photos);
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      // Back to before the column: the demo's teams exist without public ids…
      expect((await migrator.migrateTo('2026-11-28T00-00-read-indexes')).error).toBeUndefined();
      const columns = (await database.db.introspection.getTables()).find((table) => table.name === 'teams')!;
      expect(columns.columns.map((column) => column.name)).not.toContain('public_id');
      // …and forward again: each gets one, all different.
      await migrateToLatest(database.db);
      const rows = await database.db.selectFrom('teams').select(['id', 'public_id']).execute();
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) expect(row.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(rows.map((row) => row.public_id)).size).toBe(rows.length);
    } finally {
      await database.close();
    }
  });
});
