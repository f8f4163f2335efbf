import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseKakaoMode, KakaoSetupError, setupKakao } from './kakao-setup.ts';

describe('chooseKakaoMode', () => {
  it('uses real Kakao whenever a key is configured, in every environment', () => {
    for (const env of ['development', 'test', 'production'] as const) {
      expect(chooseKakaoMode({ env, restApiKey: 'key' })).toBe('kakao');
      expect(chooseKakaoMode({ env, restApiKey: 'key', allowEmulatorInProduction: true })).toBe('kakao');
    }
  });

  it('runs the emulator without a key outside production', () => {
    expect(chooseKakaoMode({ env: 'development', restApiKey: null })).toBe('emulator');
    expect(chooseKakaoMode({ env: 'test', restApiKey: '' })).toBe('emulator');
  });

  it('refuses a keyless production unless an offline demo is asked for explicitly', () => {
    expect(() => chooseKakaoMode({ env: 'production', restApiKey: null })).toThrow(KakaoSetupError);
    expect(chooseKakaoMode({ env: 'production', restApiKey: null, allowEmulatorInProduction: true })).toBe(
      'emulator',
    );
  });

  it('registers no emulator routes in Kakao mode', async () => {
    const app = Fastify();
    const setup = setupKakao(app, { env: 'production', restApiKey: 'key', clock: () => new Date() });
    await app.ready();
    expect(setup.mode).toBe('kakao');
    expect(setup.emulator).toBeNull();
    expect(
      setup.client.authorizeUrl({ redirectUri: 'https://a/cb', state: 's', codeChallenge: 'c' }),
    ).toMatch(/^https:\/\/kauth\.kakao\.com\/oauth\/authorize\?client_id=key&/);
    expect((await app.inject({ method: 'GET', url: '/_emulator/kakao/test-users' })).statusCode).toBe(404);
    await app.close();
  });
});
