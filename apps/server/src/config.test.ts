import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEV_DEVICE_COOKIE_SECRET, configurationTable, envSchema, loadConfig } from './config.ts';

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

  it('refuses production without its own DEVICE_COOKIE_SECRET (decision 033)', () => {
    const production = { NODE_ENV: 'production', KAKAO_REST_API_KEY: 'rest-key' };
    expect(() => loadConfig(production)).toThrow(/DEVICE_COOKIE_SECRET: required in production/);
    expect(() => loadConfig({ ...production, DEVICE_COOKIE_SECRET: DEV_DEVICE_COOKIE_SECRET })).toThrow(
      /DEVICE_COOKIE_SECRET: required in production/,
    );
    expect(() => loadConfig({ ...production, DEVICE_COOKIE_SECRET: 'too-short' })).toThrow(
      /DEVICE_COOKIE_SECRET/,
    );
    const secret = 'x'.repeat(40);
    expect(loadConfig({ ...production, DEVICE_COOKIE_SECRET: secret }).deviceCookieSecret).toBe(secret);
    expect(loadConfig({}).deviceCookieSecret).toBe(DEV_DEVICE_COOKIE_SECRET);
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
