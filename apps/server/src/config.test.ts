import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configurationTable,
  DEMO_LOGIN_KEY_SEED_IV,
  DEMO_LOGIN_KEY_SEED_KEY,
  DEV_DEVICE_COOKIE_SECRET,
  envSchema,
  loadConfig,
} from './config.ts';

/** Table rows as trimmed cells, so Prettier's padding does not matter. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

describe('configuration', () => {
  it("README's table lists every variable the server reads, as the schema describes it", () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = /<!-- config:start -->([\s\S]*?)<!-- config:end -->/.exec(readme)?.[1] ?? '';
    expect(cells(section)).toEqual(cells(configurationTable()));
    expect(
      cells(section)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(Object.keys(envSchema.shape).map((name) => `\`${name}\``));
  });

  it('every variable has a description', () => {
    for (const row of cells(configurationTable()).slice(1)) expect(row[2]).not.toBe('');
  });

  it('trusts X-Forwarded-For only from a named proxy: a hop count or its addresses, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      'loopback',
    ]);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof oneHop).toBe('function');
    if (typeof oneHop === 'function') {
      expect(oneHop('10.0.0.2', 0)).toBe(true);
      expect(oneHop('203.0.113.9', 1)).toBe(false);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY[\s\S]*hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('reads REDIS_URL and the upload limits', () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(loadConfig({}).uploadLimits).toEqual({ perHour: 40, pending: 20 });
  });

  it('starts the clock at CLOCK_START outside production only', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({ CLOCK_START: '2026-11-26T23:59:58+09:00' }).clockStart?.toISOString()).toBe(
      '2026-11-26T14:59:58.000Z',
    );
    expect(() => loadConfig({ CLOCK_START: 'tomorrow' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_START: '2026-11-26T14:59:58Z' })).toThrow(
      /CLOCK_START: not in production/,
    );
  });

  describe('refuses demo secrets and defaults in production, one line naming each variable', () => {
    /** A production environment with nothing left at a demo value (as test/harness.ts's PRODUCTION_ENV). */
    const production: Record<string, string | undefined> = {
      NODE_ENV: 'production',
      LOGIN_KEY_SEED_KEY: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      LOGIN_KEY_SEED_IV: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      KAKAO_REST_API_KEY: 'rest-key',
      PUBLIC_ORIGIN: 'https://hamkke.kr',
      DEVICE_COOKIE_SECRET: 'a-production-device-cookie-secret-for-tests',
      METRICS_TOKEN: 'a-production-metrics-token-for-the-tests',
      VAPID_PUBLIC_KEY:
        'BJiOmcy2f0Uy2dqLrf6nbj4i7P1CMQB-u-YIJ-fYfh7ILuerQp19Auat8Bx1uVAON6-_n0Rf9kABORiceATKnik',
      VAPID_PRIVATE_KEY: '4zGlalI8VXiKKDZzB5Jt-oHLW15neTLaL9I3ZxJVVMU',
    };
    const refusal = (env: Record<string, string | undefined>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message.split('\n').slice(1);
      }
      return [];
    };

    it('starts with its own secrets', () => {
      expect(loadConfig(production).loginKey).toEqual({
        key: production.LOGIN_KEY_SEED_KEY,
        iv: production.LOGIN_KEY_SEED_IV,
      });
      expect(
        loadConfig({ ...production, KAKAO_REST_API_KEY: undefined, KAKAO_EMULATOR_IN_PRODUCTION: 'true' })
          .env,
      ).toBe('production');
    });

    it('refuses the demo SEED key for loginKey', () => {
      expect(refusal({ ...production, LOGIN_KEY_SEED_KEY: undefined })).toEqual([
        expect.stringMatching(/^ {2}LOGIN_KEY_SEED_KEY: the public demo key/),
      ]);
      expect(refusal({ ...production, LOGIN_KEY_SEED_KEY: DEMO_LOGIN_KEY_SEED_KEY.toUpperCase() })).toEqual([
        expect.stringMatching(/^ {2}LOGIN_KEY_SEED_KEY: /),
      ]);
    });

    it('refuses the demo SEED IV for loginKey', () => {
      expect(refusal({ ...production, LOGIN_KEY_SEED_IV: DEMO_LOGIN_KEY_SEED_IV })).toEqual([
        expect.stringMatching(/^ {2}LOGIN_KEY_SEED_IV: the public demo IV/),
      ]);
    });

    it('refuses the Kakao emulator without KAKAO_EMULATOR_IN_PRODUCTION', () => {
      expect(refusal({ ...production, KAKAO_REST_API_KEY: undefined })).toEqual([
        expect.stringMatching(
          /^ {2}KAKAO_REST_API_KEY: required in production .*KAKAO_EMULATOR_IN_PRODUCTION/,
        ),
      ]);
    });

    it('refuses a missing PUBLIC_ORIGIN (share cards and the www redirect name it)', () => {
      expect(refusal({ ...production, PUBLIC_ORIGIN: undefined })).toEqual([
        expect.stringMatching(/^ {2}PUBLIC_ORIGIN: required in production/),
      ]);
    });

    it('lists every refusal at once, and none outside production', () => {
      const lines = refusal({ NODE_ENV: 'production' });
      expect(lines.map((line) => line.trim().split(':')[0])).toEqual([
        'LOGIN_KEY_SEED_KEY',
        'LOGIN_KEY_SEED_IV',
        'KAKAO_REST_API_KEY',
        'PUBLIC_ORIGIN',
        'DEVICE_COOKIE_SECRET',
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY',
        'METRICS_TOKEN',
      ]);
      for (const NODE_ENV of ['development', 'test']) expect(refusal({ NODE_ENV })).toEqual([]);
    });

    it('refuses production without Web Push keys (decision 047)', () => {
      expect(refusal({ ...production, VAPID_PRIVATE_KEY: undefined })).toEqual([
        expect.stringMatching(/^ {2}VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production/),
      ]);
      expect(loadConfig(production).vapid?.publicKey).toBe(production.VAPID_PUBLIC_KEY);
      expect(loadConfig(production).vapidSubject).toBe('mailto:help@hamkke-mission.kr');
    });

    it('refuses production whose metrics nobody could scrape privately (decision 042)', () => {
      expect(refusal({ ...production, METRICS_TOKEN: undefined })).toEqual([
        expect.stringMatching(/^ {2}METRICS_TOKEN: required in production unless METRICS_PORT/),
      ]);
      expect(loadConfig({ ...production, METRICS_TOKEN: undefined, METRICS_PORT: '9464' }).metrics).toEqual({
        token: null,
        port: 9464,
        host: '127.0.0.1',
      });
      expect(() => loadConfig({ ...production, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
      expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    });

    it('refuses production without its own DEVICE_COOKIE_SECRET (decision 033)', () => {
      const withoutSecret = { ...production, DEVICE_COOKIE_SECRET: undefined };
      expect(() => loadConfig(withoutSecret)).toThrow(/DEVICE_COOKIE_SECRET: required in production/);
      expect(() => loadConfig({ ...withoutSecret, DEVICE_COOKIE_SECRET: DEV_DEVICE_COOKIE_SECRET })).toThrow(
        /DEVICE_COOKIE_SECRET: required in production/,
      );
      expect(() => loadConfig({ ...withoutSecret, DEVICE_COOKIE_SECRET: 'too-short' })).toThrow(
        /DEVICE_COOKIE_SECRET/,
      );
      const secret = 'x'.repeat(40);
      expect(loadConfig({ ...withoutSecret, DEVICE_COOKIE_SECRET: secret }).deviceCookieSecret).toBe(secret);
      expect(loadConfig({}).deviceCookieSecret).toBe(DEV_DEVICE_COOKIE_SECRET);
    });
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
