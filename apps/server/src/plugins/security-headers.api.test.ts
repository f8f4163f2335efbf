import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { AFTER_PAINT_SCRIPT } from './after-paint.ts';
import { createFreshDatabase, PRODUCTION_ENV, testConfig, type FreshDatabase } from '../../test/harness.ts';

/** A built web app's shape: the shell with the configuration placeholder, and a static page. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hamkke-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ko"><head><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'welcome.html'), '<!doctype html><title>welcome</title>');
  return dist;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** What a production start requires besides Kakao's key (decision 033). */

describe('security headers', () => {
  let database: FreshDatabase;
  const dist = fakeDist();
  const apps: FastifyInstance[] = [];

  async function appWith(overrides: Record<string, string>): Promise<FastifyInstance> {
    const app = await buildApp({ config: testConfig({ WEB_DIST_DIR: dist, ...overrides }), db: database.db });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createFreshDatabase({ name: 'sqlite' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('gives the shell a CSP whose only inline scripts are the configuration and the after-paint loader, by their hashes', async () => {
    const app = await appWith({});
    const res = await app.inject({ method: 'GET', url: '/home' });
    const csp = directives(String(res.headers['content-security-policy']));
    const inline = /<script>([^<]*)<\/script>/.exec(res.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const loader = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash, loader]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    // Static pages get the same policy.
    const welcome = await app.inject({ method: 'GET', url: '/welcome.html' });
    expect(welcome.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  it("allows Kakao's SDK host only when a Kakao JavaScript key is set", async () => {
    const without = await (await appWith({})).inject({ method: 'GET', url: '/' });
    expect(String(without.headers['content-security-policy'])).not.toContain('kakaocdn.net/');
    expect(directives(String(without.headers['content-security-policy'])).get('script-src')).not.toContain(
      'https://t1.kakaocdn.net',
    );
    const withKey = await (await appWith({ KAKAO_JS_KEY: 'js-key-123' })).inject({ method: 'GET', url: '/' });
    const csp = directives(String(withKey.headers['content-security-policy']));
    expect(csp.get('script-src')).toContain('https://t1.kakaocdn.net');
    // The hash follows the configuration (the key is part of it).
    expect(withKey.body).toContain('js-key-123');
    const inline = /<script>([^<]*)<\/script>/.exec(withKey.body)![1]!;
    expect(csp.get('script-src')).toContain(
      `'sha256-${createHash('sha256').update(inline).digest('base64')}'`,
    );
  });

  it('sends a Permissions-Policy everywhere, and HSTS only in production', async () => {
    const test = await appWith({});
    const page = await test.inject({ method: 'GET', url: '/home' });
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['permissions-policy']).toContain('geolocation=()');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const production = await appWith(PRODUCTION_ENV);
    for (const url of ['/home', '/v1/health']) {
      const res = await production.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('marks every API answer no-store: successes, failures, public and signed-in calls', async () => {
    const app = await appWith({});
    const calls = [
      { url: '/v1/api/front/common/total-user-mission', body: {} },
      { url: '/v1/api/front/home/popup-list', body: {} },
      { url: '/v1/api/front/login/children-login', body: { userId: 'nobody', password: 'wrong-pass-1' } },
      { url: '/v1/api/front/user/achieved-badges', body: {} },
      { url: '/v1/api/front/no/such-call', body: {} },
    ];
    for (const call of calls) {
      const res = await app.inject({ method: 'POST', url: call.url, payload: call.body });
      expect(res.headers['cache-control'], `${call.url} ${res.statusCode}`).toBe('no-store');
    }
    // The shell is revalidated, not stored forever nor never.
    const shell = await app.inject({ method: 'GET', url: '/home' });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('redirects www only to the configured public origin, never to the host a request named', async () => {
    const configured = await appWith({ PUBLIC_ORIGIN: 'https://hamkke.kr' });
    const www = await configured.inject({
      method: 'GET',
      url: '/home?tab=1',
      headers: { host: 'www.hamkke.kr' },
    });
    expect(www.statusCode).toBe(301);
    expect(www.headers.location).toBe('https://hamkke.kr/home?tab=1');
    const forged = await configured.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'www.evil.example' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.headers.location).toBeUndefined();

    const unconfigured = await appWith({});
    const res = await unconfigured.inject({
      method: 'GET',
      url: '/home',
      headers: { host: 'www.evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
  });

  it('gives /docs in development a Content-Security-Policy: its own scripts only, never framed', async () => {
    const app = await appWith({ NODE_ENV: 'development' });
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = directives(String(page.headers['content-security-policy'] ?? ''));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    const scripts = csp.get('script-src')!;
    expect(scripts[0]).toBe("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // Plain http in development: nothing is upgraded to https (every asset would fail).
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    // Styles and fonts from this origin only (inline styles as the app allows them: the UI sets them).
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    // Every inline script of the page is allowed by its hash.
    for (const [, text] of page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const hash = `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`;
      expect(scripts).toContain(hash);
    }
    // The UI's assets and the document carry it too.
    for (const url of ['/docs/static/swagger-initializer.js', '/docs/json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    }
  });

  it('turns /docs off with API_DOCS=false and by default in production', async () => {
    expect((await (await appWith({})).inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    for (const overrides of <Record<string, string>[]>[{ API_DOCS: 'false' }, PRODUCTION_ENV]) {
      const app = await appWith(overrides);
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(404);
    }
    const forced = await appWith({ ...PRODUCTION_ENV, API_DOCS: 'true' });
    expect((await forced.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });
});
