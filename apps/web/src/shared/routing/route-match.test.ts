import { describe, expect, it } from 'vitest';
import { createRouteMatcher, specificity } from './route-match.ts';

const match = createRouteMatcher(
  [
    '/team/:teamId/:subChallengeId/:challengeType',
    '/team/:teamId/always/:subChallengeId',
    '/team/always/:teamId/:subChallengeId',
    '/mission/shared/:uuid/:date',
    '/login/id/:id',
    '/login/privacyPolicy',
    '/home',
    '/',
    '*',
  ].map((path) => ({ path })),
);

describe('route matching', () => {
  it('prefers static segments over params, whatever the order of the table', () => {
    expect(match('/team/always/12/34')?.route.path).toBe('/team/always/:teamId/:subChallengeId');
    expect(match('/team/12/always/34')?.route.path).toBe('/team/:teamId/always/:subChallengeId');
    expect(match('/team/12/34/always')?.route.path).toBe('/team/:teamId/:subChallengeId/:challengeType');
    expect(match('/team/12/34/always')?.params).toEqual({
      teamId: '12',
      subChallengeId: '34',
      challengeType: 'always',
    });
  });

  it('gives the params percent-decoded, and keeps a malformed escape as written', () => {
    expect(match('/mission/shared/a%20b/2026-11-26')?.params).toEqual({ uuid: 'a b', date: '2026-11-26' });
    expect(match('/login/id/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('ignores case and a trailing slash, and sends anything else to `*`', () => {
    expect(match('/login/privacypolicy')?.route.path).toBe('/login/privacyPolicy');
    expect(match('/home/')?.route.path).toBe('/home');
    expect(match('/home/nothing-here')?.route.path).toBe('*');
    expect(match('/')?.route.path).toBe('/');
  });

  it('lets `/x/*` match `/x` itself and what lies below it, and nothing without a `*` matches more', () => {
    const admin = createRouteMatcher([{ path: '/admin/*' }]);
    expect(admin('/admin')).not.toBeNull();
    expect(admin('/admin/teams/3')?.params).toEqual({ '*': 'teams/3' });
    expect(admin('/administrator')).toBeNull();
    expect(createRouteMatcher([{ path: '/home' }])('/home/x')).toBeNull();
  });

  it('scores a static segment above a param above a splat', () => {
    expect(specificity('/team/create')).toBeGreaterThan(specificity('/team/:teamId'));
    expect(specificity('/team/:teamId')).toBeGreaterThan(specificity('/team/*'));
  });
});
