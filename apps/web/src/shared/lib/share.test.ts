import { describe, expect, it } from 'vitest';
import { shareMethodsFor, sharedDayPath, sharedDayUrl, urlOnOrigin } from './share.ts';

const uuid = '3f2a9c1e-8d4b-4c1a-9e2f-5b6a7c8d9e0f';

describe('share links', () => {
  it('builds the routes of spec §2', () => {
    expect(sharedDayPath({ uuid, date: '2026-11-20' })).toBe(`/mission/shared/${uuid}/2026-11-20`);
    expect(sharedDayPath({ uuid, date: '2026-11-20', challengeId: '7' })).toBe(
      `/challenge/shared/7/${uuid}/2026-11-20`,
    );
  });

  it('puts the path on the origin', () => {
    expect(sharedDayUrl('https://hamkke.example/', { uuid, date: '2026-11-20' })).toBe(
      `https://hamkke.example/mission/shared/${uuid}/2026-11-20`,
    );
  });

  it('puts a path the server answered on the origin, with exactly one slash between', () => {
    const token = 'Q2hpbGQtbGluay10b2tlbi0wMTIzNDU2Nzg5YWJj';
    expect(urlOnOrigin('https://hamkke.example', `/login/id/${token}`)).toBe(
      `https://hamkke.example/login/id/${token}`,
    );
    expect(urlOnOrigin('http://127.0.0.1:5173/', '/login/pw/abc')).toBe('http://127.0.0.1:5173/login/pw/abc');
    expect(urlOnOrigin('https://hamkke.example', 'login/pw/abc')).toBe('https://hamkke.example/login/pw/abc');
  });

  it('escapes what does not belong in a path', () => {
    expect(sharedDayPath({ uuid: 'a/b', date: '2026-11-20' })).toBe('/mission/shared/a%2Fb/2026-11-20');
  });
});

describe('how to share', () => {
  it('uses Kakao only with a key, then the Web Share API, and copying last', () => {
    expect(shareMethodsFor({ kakaoJsKey: 'key', canWebShare: true })).toEqual([
      'kakao',
      'web-share',
      'clipboard',
    ]);
    expect(shareMethodsFor({ kakaoJsKey: null, canWebShare: true })).toEqual(['web-share', 'clipboard']);
    expect(shareMethodsFor({ kakaoJsKey: null, canWebShare: false })).toEqual(['clipboard']);
  });
});
