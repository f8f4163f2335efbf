import { UNKNOWN_ERROR_REASON } from '@hamkke/contract/user/activity-events';
import { describe, expect, it } from 'vitest';
import { buildActivityLog } from './activity-log.ts';

const parent = { userId: '7', loginKey: 'key==', userNm: '김하늘', alias: '하늘맘' };

describe('buildActivityLog (spec §3)', () => {
  it('fills the user from the session and the page url, status 200', () => {
    expect(buildActivityLog('KAKAO_LOGIN_ATTEMPT', parent, 'https://x/login/auth')).toEqual({
      eventType: 'KAKAO_LOGIN_ATTEMPT',
      userId: '7',
      kakaoUid: 'key==',
      userNm: '김하늘',
      url: 'https://x/login/auth',
      title: null,
      body: null,
      statusCode: 200,
      errorReason: null,
    });
  });

  it('falls back to the alias when the name is empty, and to nothing without a session', () => {
    expect(buildActivityLog('LOGIN_ATTEMPT', { ...parent, userNm: '' }, 'u').userNm).toBe('하늘맘');
    const anonymous = buildActivityLog('KAKAO_LOGIN_ATTEMPT', null, 'u');
    expect(anonymous.userId).toBeNull();
    expect(anonymous.kakaoUid).toBeNull();
    expect(anonymous.userNm).toBeNull();
  });

  it('gives failure events status 500 and the unknown-error reason unless told', () => {
    const failure = buildActivityLog('SIGNUP_FAILURE', null, 'u');
    expect(failure.statusCode).toBe(500);
    expect(failure.errorReason).toBe(UNKNOWN_ERROR_REASON);
    const told = buildActivityLog('SIGNUP_FAILURE', null, 'u', { statusCode: 409, errorReason: 'taken' });
    expect(told.statusCode).toBe(409);
    expect(told.errorReason).toBe('taken');
  });

  it('keeps long values within the contract', () => {
    const record = buildActivityLog('SIGNUP_FAILURE', null, 'u'.repeat(3000), {
      errorReason: 'r'.repeat(900),
    });
    expect(record.url).toHaveLength(2000);
    expect(record.errorReason).toHaveLength(500);
  });
});
