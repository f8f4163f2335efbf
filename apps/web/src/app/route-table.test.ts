import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '@/shared/routing/route-match.ts';
import { PARAM_FORMATS, routePaths } from './route-paths.ts';

const table = [...Object.values(routePaths), '*'].map((path) => ({ path }));

/** A sample address for a pattern: each `:name` filled with a value no static segment has. */
const sample = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => `${name}-7`);

describe('the route table of spec §2', () => {
  const match = createRouteMatcher(table);
  it.each(Object.entries(routePaths))('%s: its own address reaches it (%s)', (_, pattern) => {
    expect(match(sample(pattern))?.route.path).toBe(pattern);
  });

  it('sends the team pages that also fit the invite link to their own route, in any order', () => {
    const reversed = createRouteMatcher([...table].reverse());
    for (const find of [match, reversed]) {
      expect(find('/team/always/12/34')?.route.path).toBe(routePaths.teamAlwaysManagement);
      expect(find('/team/12/always/34')?.route.path).toBe(routePaths.teamAlwaysDetail);
      expect(find('/team/member/12/always')?.route.path).toBe(routePaths.teamMembersAlways);
      expect(find('/team/12/34/CHALLENGE')?.route.path).toBe(routePaths.teamInvite);
    }
  });
});

describe('params in their format (issue 27 item 3, decision 036)', () => {
  const match = createRouteMatcher(table, PARAM_FORMATS);
  const team = 'Ab3_xY-9kLmNoPqRsTuVwx';
  /** Well-formed values: a team public id, decimal row ids, a type, a day. */
  const wellFormed: Record<string, string> = {
    teamId: team,
    subChallengeId: '34',
    challengeId: '5',
    teamMbrId: '8',
    childrenUserId: '7',
    challengeType: 'always',
  };
  const filled = (pattern: string) =>
    pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => wellFormed[name] ?? `${name}-7`);

  it.each(Object.entries(routePaths))('%s: a well-formed address still reaches it (%s)', (_, pattern) => {
    expect(match(filled(pattern))?.route.path).toBe(pattern);
  });

  it.each([
    '/team/abc/always/xyz',
    `/team/${team}/always/xyz`,
    `/team/${team}/challenge/1/x/ranking`,
    '/team/always/abc/xyz',
    `/team/${team}/12/weekly`,
    '/my/children-info/abc',
    `/team/member/${team}/x/always`,
  ])('shows the not-found page for %s', (path) => {
    expect(match(path)?.route.path).toBe('*');
  });

  it('never reads /team/2/challenge/1 as an invite with subChallengeId "challenge"', () => {
    const found = match('/team/2/challenge/1');
    expect(found?.route.path).not.toBe(routePaths.teamInvite);
    expect(found?.params.subChallengeId).not.toBe('challenge');
  });

  it('still reads a real invite link as one, whatever the case of its type', () => {
    expect(match(`/team/${team}/34/CHALLENGE`)?.route.path).toBe(routePaths.teamInvite);
    expect(match(`/team/${team}/34/always`)?.params).toEqual({
      teamId: team,
      subChallengeId: '34',
      challengeType: 'always',
    });
  });
});
