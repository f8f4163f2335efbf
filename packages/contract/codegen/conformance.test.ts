import fs from 'node:fs';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  BEHAVIOURS,
  callRows,
  CONFORMANCE_FILE,
  conformanceSource,
  NOT_CALLED,
  routeRows,
} from './conformance-generate.ts';

/** The calls issue 27 found declared and served but never made by the web. */
const NAMED_BY_ISSUE_27 = [
  'challenge/inprogress-challenge-mission-cnt',
  'common/commcode-keys',
  'common/forbidden-word',
  'common/s3-url',
  'common/send-kakao',
  'common/total-mission-certification-count',
  'common/total-user-count',
  'home/mission-action-log',
  'login/check-user-status',
  'login/login-log',
  'login/user-count',
  'mission/challenge-certified-info',
  'mission/inprogress-always-mission-cnt',
  'mission/mission-status-by-date',
  'mission/participating-mission-count',
  'my/check-pin-user',
  'team/available-teams-in-other',
  'team/members',
  'user/achieved-badges',
  'user/first-badge',
  'user/user-links',
];

describe('the spec conformance table (docs/spec-conformance.md)', () => {
  it('gives every call the web does not make a reason (decision 037)', async () => {
    const rows = await callRows();
    const unexplained = rows.filter((row) => row.calledBy.length === 0 && !row.reason).map((row) => row.path);
    expect(unexplained, 'call it from the web, or add a reason to NOT_CALLED and decision 037').toEqual([]);
  });

  it('keeps no reason for a call the web makes, nor for a call the contract lacks', async () => {
    const rows = await callRows();
    const byPath = new Map(rows.map((row) => [row.path, row]));
    const stale = Object.keys(NOT_CALLED).filter((callPath) => {
      const row = byPath.get(callPath);
      return !row || row.calledBy.length > 0;
    });
    expect(stale, 'remove these from NOT_CALLED and decision 037').toEqual([]);
  });

  it('finds the callers by the route constant, and the calls issue 27 names uncalled or explained', async () => {
    const rows = await callRows();
    const byPath = new Map(rows.map((row) => [row.path, row]));
    expect(byPath.get('home/mission-list')?.calledBy.length).toBeGreaterThan(0);
    for (const callPath of NAMED_BY_ISSUE_27) {
      const row = byPath.get(callPath);
      expect(row, callPath).toBeDefined();
      expect(row!.calledBy.length > 0 || Boolean(row!.reason), callPath).toBe(true);
    }
  });

  it('is explained call by call in decision 037', () => {
    const decision = fs.readFileSync(
      new URL('../../../docs/decisions/037-calls-the-web-does-not-make.md', import.meta.url),
      'utf8',
    );
    for (const callPath of Object.keys(NOT_CALLED))
      expect(decision, callPath).toContain(`- \`${callPath}\` — `);
  });

  it('gives every §4 behaviour a status and tests that exist', () => {
    expect(BEHAVIOURS.length).toBeGreaterThan(10);
    for (const row of BEHAVIOURS) {
      expect(row.status, row.behaviour).not.toBe('');
      expect(row.tests.length, row.behaviour).toBeGreaterThan(0);
      for (const test of row.tests) {
        expect(fs.existsSync(new URL(`../../../${test}`, import.meta.url)), test).toBe(true);
      }
    }
  });

  it("lists every route of the router's table, each drawn by router.tsx", () => {
    const routes = routeRows();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((row) => !row.routed).map((row) => row.path)).toEqual([]);
    expect(routes.map((row) => row.path)).toContain('/team/:teamId/always/:subChallengeId');
  });

  it('is what `npm run docs:conformance` writes today', async () => {
    const options = await prettier.resolveConfig(CONFORMANCE_FILE);
    const expected = await prettier.format(await conformanceSource(), {
      ...options,
      filepath: CONFORMANCE_FILE,
    });
    expect(fs.readFileSync(CONFORMANCE_FILE, 'utf8'), 'run `npm run docs:conformance`').toBe(expected);
    expect(expected).not.toMatch(/NOT CALLED, NO REASON|NOT ROUTED/);
  });
});
