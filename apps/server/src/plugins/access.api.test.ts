import * as routes from '@hamkke/contract/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/databases.ts';
import { createChild, createMissions, createUser, joinMissionRound } from '../../test/factories.ts';
import { callEndpoint, sessionHeadersFor, useTestContext } from '../../test/harness.ts';
import { makeJpeg, multipartBody } from '../../test/images.ts';

/**
 * The access matrix (security.md), over every endpoint the app registers, so a new endpoint is
 * covered the day it is added: no token → 401; `pin` endpoints refuse children and unverified
 * parents; `team` endpoints answer a stranger 404 and a plain member of a manager endpoint 403.
 */
describe.each(testDatabaseTargets())('access matrix on $name', (target) => {
  const t = useTestContext(target);
  let teamId: string;
  let memberHeaders: Record<string, string>;
  let strangerHeaders: Record<string, string>;
  let childHeaders: Record<string, string>;
  let unverifiedHeaders: Record<string, string>;

  beforeAll(async () => {
    const [mission] = await createMissions(t.db, 1);
    const manager = await createUser(t.db);
    const member = await createUser(t.db);
    await joinMissionRound(t.db, manager, mission!);
    await joinMissionRound(t.db, member, mission!);
    const team = await t.db.selectFrom('teams').select(['id', 'public_id']).executeTakeFirstOrThrow();
    await t.db.updateTable('teams').set({ manager_user_id: manager }).execute();
    await t.db.updateTable('team_members').set({ role: 'MANAGER' }).where('user_id', '=', manager).execute();
    teamId = team.public_id;
    memberHeaders = await sessionHeadersFor(t.app, member);
    strangerHeaders = await sessionHeadersFor(t.app, await createUser(t.db));
    const parent = await createUser(t.db);
    childHeaders = await sessionHeadersFor(
      t.app,
      await createChild(t.db, parent, 'access-kid', 'kid-pass-1234'),
    );
    unverifiedHeaders = await sessionHeadersFor(t.app, await createUser(t.db, { pin_verified_at: null }));
  });

  it('registers exactly the routes the web app calls by, with the same auth levels', () => {
    const registered = t.app.endpoints.map((endpoint) => `${endpoint.path} ${endpoint.auth}`).sort();
    const table = Object.values(routes).map((route) => `${route.path} ${route.auth}`);
    expect(registered).toEqual(table.sort());
  });

  it('refuses every authenticated endpoint without a token, or with a made-up one (401)', async () => {
    const authenticated = t.app.endpoints.filter((endpoint) => endpoint.auth !== 'public');
    expect(authenticated.length).toBeGreaterThanOrEqual(12);
    for (const endpoint of authenticated) {
      const bare = await callEndpoint(t.app, endpoint.path, {});
      expect(bare.statusCode, endpoint.path).toBe(401);
      const forged = await callEndpoint(t.app, endpoint.path, {}, { authorization: 'Bearer made-up-token' });
      expect(forged.statusCode, endpoint.path).toBe(401);
    }
  });

  it('refuses the photo upload without a token (401)', async () => {
    const { payload, contentType } = multipartBody('file', 'p.jpg', 'image/jpeg', await makeJpeg());
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/front/common/upload',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps pin endpoints for verified parents: a child and an unverified parent get 403', async () => {
    const pinOnly = t.app.endpoints.filter((endpoint) => endpoint.auth === 'pin');
    expect(pinOnly.length).toBeGreaterThanOrEqual(7);
    for (const endpoint of pinOnly) {
      for (const headers of [childHeaders, unverifiedHeaders]) {
        const res = await callEndpoint(t.app, endpoint.path, {}, headers);
        expect(res.statusCode, endpoint.path).toBe(403);
        expect(res.json().error.code, endpoint.path).toBe('PIN_REQUIRED');
      }
    }
  });

  it("answers a stranger 404 on every team endpoint, and a plain member 403 on the manager's", async () => {
    const teamEndpoints = t.app.endpoints.filter((endpoint) => endpoint.team);
    expect(teamEndpoints.length).toBeGreaterThanOrEqual(28);
    for (const endpoint of teamEndpoints) {
      const stranger = await callEndpoint(t.app, endpoint.path, { teamId }, strangerHeaders);
      expect(stranger.statusCode, endpoint.path).toBe(404);
      expect(stranger.json().error.code, endpoint.path).toBe('NOT_FOUND');
      const missing = await callEndpoint(t.app, endpoint.path, { teamId: '999999' }, memberHeaders);
      expect(missing.statusCode, endpoint.path).toBe(404);
      if (endpoint.team === 'manager') {
        const member = await callEndpoint(t.app, endpoint.path, { teamId }, memberHeaders);
        expect(member.statusCode, endpoint.path).toBe(403);
      }
    }
  });
});
