import { describe, expect, it } from 'vitest';
import { inAppBrowserEscape } from './in-app-browser.ts';

const userAgents = {
  iphoneKakao:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.4.5',
  androidKakao:
    'Mozilla/5.0 (Linux; Android 13; SM-S918N Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36;KAKAOTALK 2410420',
  iphoneLine:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.13.0',
  androidLine:
    'Mozilla/5.0 (Linux; Android 12; SM-G991N Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.128 Mobile Safari/537.36 Line/13.1.1/IAB',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

const href = 'https://hamkke-mission.kr/team/7/3/always?from=share#top';

describe('inAppBrowserEscape', () => {
  it('sends iPhone KakaoTalk out through the openExternal scheme with the whole address encoded', () => {
    expect(inAppBrowserEscape(userAgents.iphoneKakao, href)).toEqual({
      kind: 'scheme',
      url: `kakaotalk://web/openExternal?url=${encodeURIComponent(href)}`,
    });
  });

  it('sends Android KakaoTalk to Chrome by intent', () => {
    expect(inAppBrowserEscape(userAgents.androidKakao, href)).toEqual({
      kind: 'intent',
      url: 'intent://hamkke-mission.kr/team/7/3/always?from=share#Intent;scheme=https;package=com.android.chrome;end',
    });
  });

  it('sends iPhone LINE out by adding openExternalBrowser=1', () => {
    expect(inAppBrowserEscape(userAgents.iphoneLine, href)).toEqual({
      kind: 'param',
      url: 'https://hamkke-mission.kr/team/7/3/always?from=share&openExternalBrowser=1#top',
    });
  });

  it('does not loop once LINE already got the parameter', () => {
    expect(
      inAppBrowserEscape(userAgents.iphoneLine, 'https://hamkke-mission.kr/home?openExternalBrowser=1'),
    ).toBeNull();
  });

  it('sends Android LINE to Chrome by intent', () => {
    expect(inAppBrowserEscape(userAgents.androidLine, 'https://hamkke-mission.kr/')).toEqual({
      kind: 'intent',
      url: 'intent://hamkke-mission.kr/#Intent;scheme=https;package=com.android.chrome;end',
    });
  });

  it('keeps the port in the intent host (local testing)', () => {
    expect(inAppBrowserEscape(userAgents.androidKakao, 'http://192.168.0.5:8080/login/auth')?.url).toBe(
      'intent://192.168.0.5:8080/login/auth#Intent;scheme=http;package=com.android.chrome;end',
    );
  });

  it.each([
    ['plain Chrome on Android', userAgents.chromeAndroid],
    ['Safari on iOS', userAgents.safariIos],
    ['desktop Chrome', userAgents.chromeDesktop],
  ])('leaves %s alone', (_name, userAgent) => {
    expect(inAppBrowserEscape(userAgent, href)).toBeNull();
  });

  it('stays when the address cannot be read', () => {
    expect(inAppBrowserEscape(userAgents.iphoneKakao, 'not a url')).toBeNull();
  });
});
