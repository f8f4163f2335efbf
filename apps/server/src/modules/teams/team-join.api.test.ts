import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../test/databases.ts';
import { createChild, createRound, createTeam, createUser, teamPublicId } from '../../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../../test/harness.ts';

/** 2026-11-20 in Seoul: the default test round recruits (11-15…11-25) and starts 11-26. */
describe.each(testDatabaseTargets())('making and joining teams on $name', (target) => {
  const t = useTestContext(target);
  beforeAll(async () => {
    // Before the first check: the word list is cached for a while.
    await t.db.insertInto('forbidden_words').values({ word: '바보', created_at: 'x' }).execute();
  });

  const as = async (userId: number) => sessionHeadersFor(t.app, userId);
  const call = (path: string, body: object, headers: Record<string, string>) =>
    callEndpoint(t.app, path, body, headers);
  const countRows = async (teamId: number) => {
    const rows = await t.db.selectFrom('team_members').select('id').where('team_id', '=', teamId).execute();
    const team = await t.db
      .selectFrom('teams')
      .select(['member_count', 'reserved_seats'])
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    return { rows: rows.length, counter: team.member_count, reserved: team.reserved_seats };
  };

  it('lets a pin parent make a team with their child and become its manager', async () => {
    const { subChallengeId } = await createRound(t.db);
    const parent = await createUser(t.db);
    const kid = await createChild(t.db, parent, `kid${parent}`, 'kid-pass-1234');
    const res = await call(
      'team/create-team',
      {
        subChallengeId: String(subChallengeId),
        name: '  우리 가족  ',
        emoji: '🌿',
        childUserIds: [String(kid)],
      },
      await as(parent),
    );
    expect(res.statusCode).toBe(200);
    const place = res.json().response;
    expect(place).toMatchObject({ challengeType: 'challenge', subChallengeId: String(subChallengeId) });
    // The answer names the team by its public id: 22 base64url characters, not the row's key.
    expect(place.teamId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const key = await t.db
      .selectFrom('teams')
      .select('id')
      .where('public_id', '=', place.teamId)
      .executeTakeFirstOrThrow();
    expect(await countRows(key.id)).toEqual({ rows: 2, counter: 2, reserved: 0 });
    const detail = (
      await call('team/team-detail-with-mission', { teamId: place.teamId }, await as(parent))
    ).json().response;
    expect(detail.team.name).toBe('우리 가족');
    expect(detail.me.role).toBe('MANAGER');
    expect(detail.canManage).toBe(true);
    expect(detail.families).toHaveLength(1);
    expect(detail.families[0].members.map((m: { userType: string }) => m.userType)).toEqual([
      'PARENT',
      'CHILD',
    ]);
    // The child reads the team too, but cannot manage it.
    const childView = (
      await call('team/team-detail-with-mission', { teamId: place.teamId }, await as(kid))
    ).json().response;
    expect(childView.canManage).toBe(false);
    expect(
      (await call('team/challenge-team-management', { teamId: place.teamId }, await as(kid))).statusCode,
    ).toBe(403);
  });

  it('refuses team creation to a child, an unverified parent, a taken name and forbidden words', async () => {
    const { subChallengeId } = await createRound(t.db);
    const body = { subChallengeId: String(subChallengeId), name: '새싹', emoji: '🌱' };
    const parent = await createUser(t.db);
    const kid = await createChild(t.db, parent, `kid${parent}`, 'kid-pass-1234');
    const childTry = await call('team/create-team', body, await as(kid));
    expect([childTry.statusCode, childTry.json().error.code]).toEqual([403, 'PIN_REQUIRED']);
    const unverified = await call(
      'team/create-team',
      body,
      await as(await createUser(t.db, { pin_verified_at: null })),
    );
    expect([unverified.statusCode, unverified.json().error.code]).toEqual([403, 'PIN_REQUIRED']);
    expect((await call('team/create-team', body, await as(parent))).statusCode).toBe(200);
    const taken = await call(
      'team/create-team',
      { ...body, name: ' 새 싹 ' },
      await as(await createUser(t.db)),
    );
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'TEAM_NAME_TAKEN']);
    await t.db
      .insertInto('forbidden_words')
      .values({ word: '바보', created_at: 'x' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const rude = await call(
      'team/create-team',
      { ...body, name: '바보팀' },
      await as(await createUser(t.db)),
    );
    expect([rude.statusCode, rude.json().error.code]).toEqual([400, 'FORBIDDEN_WORD']);
    const otherKid = await createChild(t.db, await createUser(t.db), `other${parent}`, 'kid-pass-1234');
    const stolen = await call(
      'team/create-team',
      { ...body, name: '남의 아이', childUserIds: [String(otherKid)] },
      await as(await createUser(t.db)),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toEqual([
      { path: 'childUserIds.0', code: 'NOT_YOURS', message: expect.any(String) },
    ]);
  });

  it('makes exactly one team out of 20 concurrent creations by one person', async () => {
    const { subChallengeId } = await createRound(t.db);
    const parent = await createUser(t.db);
    const headers = await as(parent);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(
          'team/create-team',
          { subChallengeId: String(subChallengeId), name: `동시${index}`, emoji: '⚡' },
          headers,
        ),
      ),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.statusCode !== 200)) {
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'ALREADY_IN_CHALLENGE_TEAM']);
    }
    const teams = await t.db
      .selectFrom('teams')
      .select('id')
      .where('sub_challenge_id', '=', subChallengeId)
      .execute();
    expect(teams).toHaveLength(1);
  });

  it('runs the checks of spec §4 on the server, each with its own code', async () => {
    const day = { recruitStart: '2026-11-15', recruitEnd: '2026-11-25' };
    const recruiting = await createRound(t.db, { ...day, maxUser: 3 });
    const running = await createRound(t.db, {
      recruitStart: '2026-10-20',
      recruitEnd: '2026-10-31',
      startDate: '2026-11-01',
    });
    const always = await createRound(t.db, {
      type: 'always',
      recruitStart: '2026-01-01',
      recruitEnd: '2099-12-31',
      startDate: '2026-01-01',
    });
    const join = async (userId: number, teamId: number, subChallengeId: number, challengeType: string) =>
      call(
        'team/create-team-member',
        {
          teamId: await teamPublicId(t.db, teamId),
          subChallengeId: String(subChallengeId),
          challengeType,
          agreed: true,
        },
        await as(userId),
      );
    const codeOf = (res: Awaited<ReturnType<typeof join>>) => [res.statusCode, res.json().error?.code];

    // 1. Already in another always team.
    const alwaysA = await createTeam(t.db, {
      subChallengeId: always.subChallengeId,
      managerId: await createUser(t.db),
    });
    const alwaysB = await createTeam(t.db, {
      subChallengeId: always.subChallengeId,
      managerId: await createUser(t.db),
    });
    const inAlways = await createUser(t.db);
    expect((await join(inAlways, alwaysA, always.subChallengeId, 'ALWAYS')).statusCode).toBe(200);
    expect(codeOf(await join(inAlways, alwaysB, always.subChallengeId, 'always'))).toEqual([
      409,
      'ALREADY_IN_ALWAYS_TEAM',
    ]);

    // 2. Already in another team of the same challenge round.
    const teamA = await createTeam(t.db, {
      subChallengeId: recruiting.subChallengeId,
      managerId: await createUser(t.db),
    });
    const teamB = await createTeam(t.db, {
      subChallengeId: recruiting.subChallengeId,
      managerId: await createUser(t.db),
    });
    const inA = await createUser(t.db);
    expect((await join(inA, teamA, recruiting.subChallengeId, 'challenge')).statusCode).toBe(200);
    expect(codeOf(await join(inA, teamB, recruiting.subChallengeId, 'challenge'))).toEqual([
      409,
      'ALREADY_IN_CHALLENGE_TEAM',
    ]);

    // 3. Signup period: a running challenge round, a team that closed recruiting, a closed always team.
    const runningTeam = await createTeam(t.db, {
      subChallengeId: running.subChallengeId,
      managerId: await createUser(t.db),
    });
    expect(
      codeOf(await join(await createUser(t.db), runningTeam, running.subChallengeId, 'challenge')),
    ).toEqual([409, 'TEAM_SIGNUP_CLOSED']);
    const closedAlways = await createTeam(t.db, {
      subChallengeId: always.subChallengeId,
      managerId: await createUser(t.db),
      recruitingOpen: false,
    });
    expect(codeOf(await join(await createUser(t.db), closedAlways, always.subChallengeId, 'always'))).toEqual(
      [409, 'TEAM_SIGNUP_CLOSED'],
    );

    // 4. Capacity: teamA has its manager and inA (2 of 3); a parent with a child does not fit.
    const parent = await createUser(t.db);
    const kid = await createChild(t.db, parent, `cap${parent}`, 'kid-pass-1234');
    const withKid = await call(
      'team/create-team-member',
      {
        teamId: await teamPublicId(t.db, teamA),
        subChallengeId: String(recruiting.subChallengeId),
        challengeType: 'challenge',
        agreed: true,
        childUserIds: [String(kid)],
      },
      await as(parent),
    );
    expect(codeOf(withKid)).toEqual([409, 'TEAM_FULL']);

    // 5. Already a member of this team.
    expect(codeOf(await join(inA, teamA, recruiting.subChallengeId, 'challenge'))).toEqual([
      409,
      'ALREADY_TEAM_MEMBER',
    ]);

    // A link whose round or type does not match the team is not found; a malformed one is 400.
    expect((await join(await createUser(t.db), teamA, running.subChallengeId, 'challenge')).statusCode).toBe(
      404,
    );
    expect((await join(await createUser(t.db), teamA, recruiting.subChallengeId, 'always')).statusCode).toBe(
      404,
    );
    const malformed = await call(
      'team/create-team-member',
      {
        teamId: 'not an id!',
        subChallengeId: String(recruiting.subChallengeId),
        challengeType: '',
        agreed: true,
      },
      await as(await createUser(t.db)),
    );
    expect(malformed.statusCode).toBe(400);
    expect(
      malformed
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['challengeType', 'teamId']);
    const noConsent = await call(
      'team/create-team-member',
      {
        teamId: await teamPublicId(t.db, teamA),
        subChallengeId: String(recruiting.subChallengeId),
        challengeType: 'challenge',
        agreed: false,
      },
      await as(await createUser(t.db)),
    );
    expect(noConsent.statusCode).toBe(400);
    expect(await countRows(teamA)).toEqual({ rows: 2, counter: 2, reserved: 0 });
  });
});
