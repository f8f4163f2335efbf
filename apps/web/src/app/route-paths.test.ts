import { describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages.ts';
import {
  buildPath,
  DOCUMENTED_EXTRA_PARAMS,
  KNOWN_PARAM_NAMES,
  paramNamesOf,
  routePaths,
} from './route-paths.ts';

const patterns = Object.entries(routePaths);

describe('route table', () => {
  it('has every route of spec §2 once, plus the badge screen (issue 8) and the child notice (issue 32) in /my', () => {
    const values = patterns.map(([, pattern]) => pattern);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toHaveLength(50);
    expect(values).toContain('/my/badges');
    expect(values).toContain('/my/child-notice');
  });

  it('gives every route a Korean page title', () => {
    for (const [name] of patterns) expect(messages.pages).toHaveProperty(name);
  });

  it.each(patterns)('%s uses only known or documented params', (_name, pattern) => {
    const allowed = new Set<string>([...KNOWN_PARAM_NAMES, ...Object.keys(DOCUMENTED_EXTRA_PARAMS)]);
    for (const param of paramNamesOf(pattern)) expect(allowed).toContain(param);
  });

  it('documents only params that a route really uses', () => {
    const used = new Set(patterns.flatMap(([, pattern]) => paramNamesOf(pattern)));
    for (const extra of Object.keys(DOCUMENTED_EXTRA_PARAMS)) expect(used).toContain(extra);
  });

  it('never repeats a param inside one pattern', () => {
    for (const [, pattern] of patterns) {
      const names = paramNamesOf(pattern);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});

describe('buildPath', () => {
  it('fills and encodes params', () => {
    expect(buildPath(routePaths.teamInvited, { teamId: '7' })).toBe('/team/invited/7');
    expect(buildPath(routePaths.missionShared, { uuid: 'a b', date: '2026-11-20' })).toBe(
      '/mission/shared/a%20b/2026-11-20',
    );
  });

  it('refuses a missing param', () => {
    expect(() => buildPath(routePaths.teamInvited, {})).toThrow(/teamId/);
  });
});
