import { describe, expect, it } from 'vitest';
import { appConfig, fallbackAppConfig, readAppConfig } from './config.ts';

const serverConfig = {
  company: {
    name: 'Hamkke Inc.',
    ceo: 'Kim',
    businessNumber: '000-00-00000',
    address: 'Seoul',
    customerServicePhone: '02-000-0000',
    inquiryEmail: 'cs@example.com',
  },
  kakaoJsKey: 'js-key',
  welcomeUrl: 'https://example.com/welcome.html',
};

describe('readAppConfig', () => {
  it('uses the server config when it matches the contract', () => {
    expect(readAppConfig(serverConfig)).toEqual({ source: 'server', config: serverConfig });
  });

  it('falls back when the global is missing (vite dev)', () => {
    const reading = readAppConfig(undefined);
    expect(reading.source).toBe('fallback');
    expect(reading.config).toBe(fallbackAppConfig);
  });

  it('falls back and names the bad field when the global is invalid', () => {
    const reading = readAppConfig({ ...serverConfig, welcomeUrl: 42 });
    expect(reading.source).toBe('fallback');
    expect(reading.config).toBe(fallbackAppConfig);
    expect(reading.source === 'fallback' && reading.reason).toContain('welcomeUrl');
  });

  it('falls back on a value that is not an object at all', () => {
    expect(readAppConfig('<script>').source).toBe('fallback');
  });

  it('keeps a null Kakao key (sharing not configured)', () => {
    expect(readAppConfig({ ...serverConfig, kakaoJsKey: null })).toEqual({
      source: 'server',
      config: { ...serverConfig, kakaoJsKey: null },
    });
  });

  it('the fallback itself satisfies the contract and leaves to the static welcome page', () => {
    expect(readAppConfig(fallbackAppConfig).source).toBe('server');
    expect(fallbackAppConfig.welcomeUrl).toBe('/welcome.html');
  });

  it('outside a browser the module reads the fallback without touching window', () => {
    expect(appConfig).toBe(fallbackAppConfig);
  });
});
