import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '@/shared/routing/route-match.ts';
import { routePaths } from './route-paths.ts';

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
