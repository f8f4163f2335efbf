import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  isAnonymousAllowed,
  normalizePathname,
  requiresPinUser,
  sameTeamPageRedirect,
} from './route-guards.ts';
import { pinGateOf, verifyPathFor } from '@/shared/lib/pin-gate.ts';

describe('isAnonymousAllowed (spec §6 allow-list)', () => {
  it.each([
    '/unexpected',
    '/terms',
    '/welcome',
    '/login/children',
    '/login/auth',
    '/login/callback',
    '/login/termsofuse',
    '/login/privacyPolicy',
    '/home/termsofuse',
    '/home/privacyPolicy',
    '/mission/shared/u/2026-11-20',
    '/challenge/shared/3/u/2026-11-20',
    '/login/id/abc',
    '/login/pw/abc',
    '/team/member/1/always',
    '/team/member/1/challenge',
    '/team/member/1/2/always',
    '/team/member/1/2/challenge',
    '/my/children-info/7',
    '/login/auth/',
    // Issue 27 item 3: §6 lists these three by name.
    '/termsofuse',
    '/privacyPolicy',
    '/login/id',
  ])('lets a visitor open %s', (path) => {
    expect(isAnonymousAllowed(path)).toBe(true);
  });

  it.each([
    '/',
    '/home',
    '/home/notice',
    '/challenge',
    '/active',
    '/team',
    '/team/create',
    '/team/1/always/2',
    '/team/invited/1',
    '/my',
    '/my/children',
    '/my/children-info',
    '/login/agreement',
    '/login/id/abc/extra',
    '/team/member',
    '/missionshared/x',
    '/nowhere',
  ])('sends a visitor away from %s', (path) => {
    expect(isAnonymousAllowed(path)).toBe(false);
  });
});

describe('the §6 pages by name (issue 27 item 3)', () => {
  it.each(['/termsofuse', '/privacyPolicy', '/login/id'])(
    'lets a visitor without a session open %s',
    (path) => {
      expect(decideNavigation({ pathname: path, loggedIn: false, pinUser: null })).toBeNull();
    },
  );
});

describe('requiresPinUser', () => {
  it.each(['/team/create', '/my/children', '/my/children/'])('gates %s', (path) => {
    expect(requiresPinUser(path)).toBe(true);
  });

  it.each(['/team', '/my', '/my/children-info/7', '/team/create/x'])('does not gate %s', (path) => {
    expect(requiresPinUser(path)).toBe(false);
  });
});

describe('pinGateOf', () => {
  it.each([
    ['?gate=team', 'team'],
    ['?gate=children', 'children'],
    ['?x=1&gate=children', 'children'],
    ['', null],
    ['?gate=admin', null],
  ])('reads %s as %s', (search, gate) => {
    expect(pinGateOf(search)).toBe(gate);
  });
});

describe('verifyPathFor', () => {
  it('opens the verification screen for the gate, or on its own', () => {
    expect(verifyPathFor('team')).toBe('/my/userinfo?verify=team');
    expect(verifyPathFor('children')).toBe('/my/userinfo?verify=children');
    expect(verifyPathFor(null)).toBe('/my/userinfo?verify=1');
  });
});

describe('decideNavigation', () => {
  const pin = { result: 'Y' };

  it.each(['/login/auth', '/login/children', '/login/auth/'])(
    'sends a signed-in person who opens %s home (issue 25)',
    (pathname) => {
      expect(
        decideNavigation({ pathname, search: '?reason=logged_out', loggedIn: true, pinUser: null }),
      ).toEqual({ redirect: '/home' });
      expect(decideNavigation({ pathname, loggedIn: false, pinUser: null })).toBeNull();
    },
  );

  it('sends a visitor to the login page', () => {
    expect(decideNavigation({ pathname: '/home', loggedIn: false, pinUser: null })).toEqual({
      redirect: '/login/auth',
    });
  });

  it('lets a visitor through to an allowed page', () => {
    expect(
      decideNavigation({ pathname: '/mission/shared/u/2026-11-20', loggedIn: false, pinUser: null }),
    ).toBeNull();
  });

  it('sends a visitor on a pin page to login first, not home', () => {
    expect(decideNavigation({ pathname: '/team/create', loggedIn: false, pinUser: pin })).toEqual({
      redirect: '/login/auth',
    });
  });

  it.each([null, { result: 'N' }, { result: 'y' }])(
    'sends a user without pin %j from /team/create to /',
    (pinUser) => {
      expect(decideNavigation({ pathname: '/team/create', loggedIn: true, pinUser })).toEqual({
        redirect: '/?gate=team',
      });
      expect(decideNavigation({ pathname: '/my/children/', loggedIn: true, pinUser })).toEqual({
        redirect: '/?gate=children',
      });
    },
  );

  it('lets a pin user create teams and manage children', () => {
    expect(decideNavigation({ pathname: '/team/create', loggedIn: true, pinUser: pin })).toBeNull();
    expect(decideNavigation({ pathname: '/my/children', loggedIn: true, pinUser: pin })).toBeNull();
  });

  it('opens the consent screen to a visitor whose Kakao login waits for consent', () => {
    expect(
      decideNavigation({
        pathname: '/login/agreement',
        loggedIn: false,
        pinUser: null,
        pendingAgreement: true,
      }),
    ).toBeNull();
    expect(
      decideNavigation({
        pathname: '/login/agreement/',
        loggedIn: false,
        pinUser: null,
        pendingAgreement: true,
      }),
    ).toBeNull();
  });

  it('keeps the consent screen closed to a visitor without a pending Kakao login', () => {
    expect(decideNavigation({ pathname: '/login/agreement', loggedIn: false, pinUser: null })).toEqual({
      redirect: '/login/auth',
    });
    expect(
      decideNavigation({
        pathname: '/login/agreement',
        loggedIn: false,
        pinUser: null,
        pendingAgreement: false,
      }),
    ).toEqual({ redirect: '/login/auth' });
  });

  it('opens nothing else for a pending Kakao login', () => {
    for (const pathname of ['/home', '/my', '/team/create', '/login/agreement/x']) {
      expect(decideNavigation({ pathname, loggedIn: false, pinUser: null, pendingAgreement: true })).toEqual({
        redirect: '/login/auth',
      });
    }
  });

  it('lets a logged-in user anywhere else', () => {
    expect(decideNavigation({ pathname: '/my', loggedIn: true, pinUser: null })).toBeNull();
    expect(decideNavigation({ pathname: '/nowhere', loggedIn: true, pinUser: null })).toBeNull();
  });
});

describe('sameTeamPageRedirect (spec §4)', () => {
  it('sends a second tap on the same Team page to my teams, in progress', () => {
    expect(sameTeamPageRedirect('/team', '/team')).toBe('/team?tab=in_progress');
    expect(sameTeamPageRedirect('/team/1/always/2', '/team/1/always/2')).toBe('/team?tab=in_progress');
    expect(sameTeamPageRedirect('/team/', '/team')).toBe('/team?tab=in_progress');
    expect(sameTeamPageRedirect('/team?tab=done', '/team?tab=done')).toBe('/team?tab=in_progress');
  });

  it('lets a move to another Team page or tab through', () => {
    expect(sameTeamPageRedirect('/home', '/team')).toBeNull();
    expect(sameTeamPageRedirect('/team?tab=done', '/team')).toBeNull();
    expect(sameTeamPageRedirect('/team/1/always/2', '/team/1/always/2/ranking')).toBeNull();
  });

  it('ignores pages outside /team', () => {
    expect(sameTeamPageRedirect('/my', '/my')).toBeNull();
    expect(sameTeamPageRedirect('/teams', '/teams')).toBeNull();
  });
});

describe('normalizePathname', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normalizePathname('/home/')).toBe('/home');
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('')).toBe('/');
  });
});

describe('team invite links (spec §4)', () => {
  it('keeps the params of an invite link opened logged out and goes to the root', () => {
    expect(
      decideNavigation({
        pathname: '/team/12/5/always',
        search: '?status=P',
        loggedIn: false,
        pinUser: null,
      }),
    ).toEqual({
      redirect: '/',
      keepInvite: {
        teamId: '12',
        subChallengeId: '5',
        challengeType: 'always',
        status: 'P',
        callbackUrl: '/team/12/5/always?status=P',
      },
    });
  });

  it('lets a signed-in person open the link (the accept screen runs the checks)', () => {
    expect(decideNavigation({ pathname: '/team/12/5/always', loggedIn: true, pinUser: null })).toBeNull();
  });

  it('sends other logged-out team pages to the login page as before', () => {
    expect(decideNavigation({ pathname: '/team/12/always/5', loggedIn: false, pinUser: null })).toEqual({
      redirect: '/login/auth',
    });
  });
});
