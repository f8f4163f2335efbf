import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loginLogEndpoint } from './login/login-log.ts';
import { loginCheckPinUserEndpoint } from './login/kakao-login.ts';
import { checkUserStatusEndpoint } from './login/user-status.ts';
import { checkPinUserEndpoint, myInfoEndpoint } from './my/account.ts';
import { activityTimelineEndpoint } from './user/timeline.ts';
import { userLinksEndpoint } from './user/links.ts';

/** Spec §7's wire: the calls whose client "reads data", and the calls whose body is {userId, loginKey}. */
describe('spec §7 wire shapes', () => {
  it('answers every "reads data" call with its payload under `data` (decision 002)', () => {
    for (const endpoint of [
      loginLogEndpoint,
      loginCheckPinUserEndpoint,
      activityTimelineEndpoint,
      userLinksEndpoint,
    ]) {
      const shape = (endpoint.response as z.ZodObject).shape;
      expect(Object.keys(shape), endpoint.path).toContain('data');
    }
  });

  it('takes {userId, loginKey} as the body of myinfo, check-user-status and check-pin-user (decision 035)', () => {
    const body = { userId: '12', loginKey: 'c2VlZA==' };
    for (const endpoint of [myInfoEndpoint, checkUserStatusEndpoint, checkPinUserEndpoint]) {
      expect(endpoint.request.parse(body), endpoint.path).toEqual(body);
      expect(endpoint.request.parse({}), endpoint.path).toEqual({});
      // A child's loginKey is empty.
      expect(endpoint.request.parse({ userId: '3', loginKey: '' }), endpoint.path).toEqual({
        userId: '3',
        loginKey: '',
      });
    }
  });
});
