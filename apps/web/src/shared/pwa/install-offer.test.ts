import { describe, expect, it } from 'vitest';
import { isIosSafari } from './install-offer.ts';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const IPADOS_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

describe('who gets the add-to-home-screen steps (decision 046)', () => {
  it('is Safari on an iPhone, and on an iPad that asks for desktop pages (touch points tell it from a Mac)', () => {
    expect(isIosSafari(SAFARI_IPHONE)).toBe(true);
    expect(isIosSafari(IPADOS_DESKTOP_MODE, 5)).toBe(true);
    expect(isIosSafari(IPADOS_DESKTOP_MODE, 0)).toBe(false);
  });

  it('is not another iOS browser or an in-app browser, whose menus have no 홈 화면에 추가', () => {
    for (const other of [
      SAFARI_IPHONE.replace('Version/17.1', 'CriOS/120.0.0.0'),
      SAFARI_IPHONE.replace('Version/17.1', 'FxiOS/120.0'),
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.4.5',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.13.0',
      'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ]) {
      expect(isIosSafari(other), other).toBe(false);
    }
  });
});
