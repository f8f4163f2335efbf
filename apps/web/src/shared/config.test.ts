import { appConfigSchema } from '@hamkke/contract/system/app-config';
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

  it.each([
    ['the server config', serverConfig],
    ['an extra field', { ...serverConfig, extra: true }],
    ['an extra company field', { ...serverConfig, company: { ...serverConfig.company, fax: '02' } }],
    ['a missing company', { kakaoJsKey: null, welcomeUrl: '/w' }],
    ['a company that is a string', { ...serverConfig, company: 'Hamkke' }],
    ['a numeric phone', { ...serverConfig, company: { ...serverConfig.company, customerServicePhone: 2 } }],
    ['an absent Kakao key', { company: serverConfig.company, welcomeUrl: '/w' }],
    ['a numeric Kakao key', { ...serverConfig, kakaoJsKey: 1 }],
    ['an array', [serverConfig]],
  ])('agrees with the contract schema on %s', (_, raw) => {
    const parsed = appConfigSchema.safeParse(raw);
    const reading = readAppConfig(raw);
    expect(reading.source).toBe(parsed.success ? 'server' : 'fallback');
    if (parsed.success) expect(reading.config).toEqual(parsed.data);
  });
});
